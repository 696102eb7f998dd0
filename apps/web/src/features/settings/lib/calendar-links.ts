/**
 * The ways to subscribe to a feed address: `webcal://` opens the device's calendar app (Apple Calendar, Outlook)
 * on a subscription, and Google Calendar's "add by URL" takes the same address as `cid`. Both keep polling the
 * feed, so a scrim whose time changes moves in the calendar too.
 */
export const webcalUrl = (feedUrl: string) => feedUrl.replace(/^https?:\/\//, 'webcal://');

export const googleCalendarUrl = (feedUrl: string) =>
  `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcalUrl(feedUrl))}`;
