import { and, asc, eq, exists, gte, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Region } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { riotTournaments, scrimParticipants, scrims } from '../../../db/schema/index.js';
import type { LobbyRights } from './scrims.presenter.js';

export interface ScrimSecretsRow extends LobbyRights {
  id: string;
  lobbyName: string;
  lobbyPassword: string;
  tournamentCode: string | null;
}

const me = alias(scrimParticipants, 'me');

/**
 * The lobby secrets of the public scrims of a region starting in [from, to), with the participants that decide
 * who may see them (canSeeLobby): every scrim of the day for an admin (`userId` null), otherwise only those
 * `userId` takes part in or hosts. One query, read at request time: a player who left a moment ago is no longer there.
 */
export async function findLobbySecretsBetween({
  db,
  region,
  from,
  to,
  userId,
}: {
  db: DbOrTx;
  region: Region;
  from: Date;
  to: Date;
  userId: string | null;
}): Promise<ScrimSecretsRow[]> {
  const rows = await db
    .select({
      id: scrims.id,
      lobbyName: scrims.lobbyName,
      lobbyPassword: scrims.lobbyPassword,
      tournamentCode: riotTournaments.tournamentCode,
      hostedBy: scrims.hostedBy,
      region: scrims.region,
      lobbyReadyAt: scrims.lobbyReadyAt,
      seriesRosterIds: sql<
        string[] | null
      >`CASE WHEN ${scrims.seriesGame} THEN to_json(series_roster_ids(${scrims.id})) END`,
      userId: scrimParticipants.userId,
      kind: scrimParticipants.kind,
      team: scrimParticipants.team,
      role: scrimParticipants.role,
    })
    .from(scrims)
    .leftJoin(riotTournaments, eq(riotTournaments.scrimId, scrims.id))
    .leftJoin(scrimParticipants, eq(scrimParticipants.scrimId, scrims.id))
    .where(
      and(
        eq(scrims.region, region),
        eq(scrims.isPrivate, false),
        gte(scrims.gameStartTime, from),
        lt(scrims.gameStartTime, to),
        userId === null
          ? undefined
          : or(
              eq(scrims.hostedBy, userId),
              exists(
                db
                  .select({ one: me.scrimId })
                  .from(me)
                  .where(and(eq(me.scrimId, scrims.id), eq(me.userId, userId))),
              ),
            ),
      ),
    )
    .orderBy(asc(scrims.gameStartTime), asc(scrims.createdAt), asc(scrims.id));
  const byScrim = new Map<string, ScrimSecretsRow>();
  for (const row of rows) {
    let scrim = byScrim.get(row.id);
    if (!scrim) {
      const { id, lobbyName, lobbyPassword, tournamentCode, hostedBy, region, lobbyReadyAt, seriesRosterIds } = row;
      const rights = { hostedBy, region, lobbyReadyAt, seriesRosterIds };
      scrim = { id, lobbyName, lobbyPassword, tournamentCode, scrim: rights, participants: [] };
      byScrim.set(row.id, scrim);
    }
    if (row.userId && row.kind) {
      scrim.participants.push({ kind: row.kind, team: row.team, role: row.role, user: { id: row.userId } });
    }
  }
  return [...byScrim.values()];
}
