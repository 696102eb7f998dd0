import { ApiError } from '../../../lib/api';

/** The server's error text when it sent one, else the action's fixed fallback text (create, update, delete). */
export const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.body.error ? error.body.error : fallback;
