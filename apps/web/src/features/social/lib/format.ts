import dayjs from 'dayjs';
import { formatListDate, formatTime } from '../../../lib/datetime';
import { SOCIAL_MESSAGES, type Presence } from '@scrim-gym/shared';

/** Notifications and lists show dates as MM/DD/yyyy hh:mm A. */
export const formatDateTime = (iso: string) => formatListDate(iso);

/** A chat message's time: hh:mm A today, else the full date. */
export const formatMessageTime = (iso: string, now = Date.now()) =>
  dayjs(iso).isSame(now, 'day') ? formatTime(iso) : formatDateTime(iso);

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '5 minutes ago', 'yesterday'… with the browser's own formatter (no date library plugin). */
export function timeAgo(iso: string, now = Date.now()) {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(0, 'minute');
}

/** 'Online', 'Last seen 5 minutes ago', or nothing when the user was never seen (or is not visible to us). */
export function presenceText(presence: Presence | undefined, now = Date.now()) {
  if (!presence) return null;
  if (presence.isOnline) return SOCIAL_MESSAGES.online;
  return presence.lastSeenAt ? SOCIAL_MESSAGES.lastSeen(timeAgo(presence.lastSeenAt, now)) : null;
}
