import { scrimListQuerySchema, scrimNextDaysQuerySchema, NEXT_SCRIM_DAYS_AHEAD } from '@scrim-gym/shared';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { type Viewer } from '../core/scrims.policy.js';
import { canSeeLobby } from '../core/scrims.presenter.js';
import { findLobbySecretsBetween } from '../core/scrims.secrets.repository.js';
import { findPublicScrimsBetween } from '../core/scrims.repository.js';
import { ScrimDeps } from '../core/scrim-change.js';

/** The hub's reads: a region's days of public scrims (cached bytes), the days that have any, the viewer's lobby secrets. */

type ScrimListQuery = z.output<typeof scrimListQuerySchema>;
const listKeyOf = (query: ScrimListQuery) => ({
  region: query.region,
  from: new Date(query.startDate),
  to: new Date(query.endDate),
});

/**
 * The hub's range as bytes: every viewer but admins gets the same public list (no lobby secrets: a participant's
 * own come from listMySecrets), admins the list with every secret and Riot's errors. The cache reads whole UTC
 * days; `admit` is asked before a request that the cache cannot answer from what it holds.
 */
export function listScrims({
  deps,
  viewer,
  query,
  admit,
}: {
  deps: ScrimDeps;
  viewer: Viewer;
  query: ScrimListQuery;
  admit?: () => Promise<void>;
}) {
  return deps.listCache.get(
    listKeyOf(query),
    viewer.isAdmin ? 'admin' : 'public',
    (days) => findPublicScrimsBetween({ db: deps.db, ...days }),
    admit,
  );
}

/** A date's day in a time zone, as 'YYYY-MM-DD'. */
const localDayOf = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (date: Date) => format.format(date);
};

/**
 * GET /api/scrims/next-days: the viewer's local days with public scrims of a region in the NEXT_SCRIM_DAYS_AHEAD
 * days from `after`, read from the hub's day lists (the same cached UTC days, the same budget for a miss).
 */
export async function listNextScrimDays({
  deps,
  query,
  admit,
}: {
  deps: ScrimDeps;
  query: z.output<typeof scrimNextDaysQuerySchema>;
  admit?: () => Promise<void>;
}) {
  const from = new Date(query.after);
  const range = { region: query.region, from, to: new Date(from.getTime() + NEXT_SCRIM_DAYS_AHEAD * 24 * 3600_000) };
  const starts = await deps.listCache.startsOf(
    range,
    (days) => findPublicScrimsBetween({ db: deps.db, ...days }),
    admit,
  );
  const dayOf = localDayOf(query.timeZone);
  return { days: [...new Set(starts.map(dayOf))] };
}

/**
 * GET /api/scrims/mine-secrets: the lobby secrets of that day's scrims whose lobby the viewer may see
 * (canSeeLobby), read from the database at request time, so that a player who left, or an admin demoted, no
 * longer gets them on any instance, and one whose scrim just filled gets them at once.
 */
export async function listMySecrets({ db, viewer, query }: { db: Database; viewer: Viewer; query: ScrimListQuery }) {
  const rows = await findLobbySecretsBetween({ db, ...listKeyOf(query), userId: viewer.isAdmin ? null : viewer.id });
  return rows
    .filter((row) => canSeeLobby(row, viewer))
    .map(({ id, lobbyName, lobbyPassword, tournamentCode }) => ({ _id: id, lobbyName, lobbyPassword, tournamentCode }));
}
