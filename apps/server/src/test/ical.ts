import ICAL from 'ical.js';

/** One VEVENT of a parsed calendar, in plain values. */
export interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  location: string;
  url: string | null;
  start: Date;
  end: Date;
  /** The zone DTSTART is written in: 'UTC' for `…Z`, else its TZID. */
  startZone: string;
  sequence: number;
  status: string | null;
  lastModified: Date | null;
  /** Each VALARM's ACTION and TRIGGER (e.g. `-PT30M`). */
  alarms: { action: string; trigger: string }[];
}

/**
 * Parses an iCalendar file with ical.js (Mozilla's parser, the one Thunderbird uses), as a calendar app would: a
 * malformed file throws. Returns the calendar's properties and its events.
 */
export function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events: ParsedEvent[] = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const lastModified = component.getFirstPropertyValue('last-modified') as ICAL.Time | null;
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      url: (component.getFirstPropertyValue('url') as string | null) ?? null,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      startZone: event.startDate.zone?.tzid ?? 'floating',
      sequence: event.sequence,
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
      lastModified: lastModified ? lastModified.toJSDate() : null,
      alarms: component.getAllSubcomponents('valarm').map((alarm) => ({
        action: String(alarm.getFirstPropertyValue('action')),
        trigger: String(alarm.getFirstPropertyValue('trigger')),
      })),
    };
  });
  return {
    name: (calendar.getFirstPropertyValue('x-wr-calname') as string | null) ?? null,
    events,
  };
}
