import dayjs from 'dayjs';
import { ADMIN_MESSAGES } from '@scrim-gym/shared';

export interface BanForm {
  dateFrom: string;
  dateTo: string;
  reason: string;
}

/** Spec 5, Ban form: dateFrom today, dateTo tomorrow (local calendar dates, YYYY-MM-DD). */
export function defaultBanForm(now = dayjs()): BanForm {
  return { dateFrom: now.format('YYYY-MM-DD'), dateTo: now.add(1, 'day').format('YYYY-MM-DD'), reason: '' };
}

const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).isValid();

/** What is wrong with the form, per field; empty when it can be sent. */
export function banFormErrors(form: BanForm): Partial<Record<keyof BanForm, string>> {
  const errors: Partial<Record<keyof BanForm, string>> = {};
  if (!isDate(form.dateFrom)) errors.dateFrom = 'Date From is empty!';
  if (!isDate(form.dateTo)) errors.dateTo = 'Date To is empty!';
  // ISO dates compare as text.
  else if (!errors.dateFrom && form.dateTo <= form.dateFrom) errors.dateTo = ADMIN_MESSAGES.banDatesOrder;
  if (!form.reason.trim()) errors.reason = ADMIN_MESSAGES.reasonEmpty;
  return errors;
}

/**
 * The instants sent: from now when the ban starts today (else that day's start), to the end of the To day, both
 * in the admin's time zone.
 */
export function banInstants(form: BanForm, now = dayjs()): { dateFrom: string; dateTo: string } {
  const from = dayjs(form.dateFrom);
  const start = from.isSame(now, 'day') ? now : from.startOf('day');
  return { dateFrom: start.toISOString(), dateTo: dayjs(form.dateTo).endOf('day').toISOString() };
}
