/**
 * Calendars: a scrim as an .ics download and each user's subscribable feed. It reads the scrim and series tables
 * itself (only the columns a calendar prints) and imports no module but auth. The users module removes a
 * deleted account's feed through `removeCalendarFeed`.
 */
export { calendarRoutes } from './calendar.routes.js';
export { removeCalendarFeed } from './calendar.service.js';
