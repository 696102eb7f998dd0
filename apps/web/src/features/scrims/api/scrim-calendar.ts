/** GET /api/scrims/:id/calendar.ics: the scrim as an iCalendar file, downloaded by a plain link. */
export const scrimCalendarUrl = (scrimId: string) => `/api/scrims/${encodeURIComponent(scrimId)}/calendar.ics`;
