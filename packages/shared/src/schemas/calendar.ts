import { z } from 'zod';

/** GET /api/calendar, POST /api/calendar/rotate: the address of the session user's calendar feed. */
export const calendarFeedSchema = z.object({ url: z.url() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** A feed secret as the server makes them: base64url (192 random bits are 32 characters). */
export const CALENDAR_SECRET_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
export const calendarSecretParamsSchema = z.object({ secret: z.string().regex(CALENDAR_SECRET_PATTERN) });
