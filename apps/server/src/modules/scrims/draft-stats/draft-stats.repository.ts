import { eq, sql, type SQL } from 'drizzle-orm';
import type { DraftSide } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import {
  matchParticipants,
  scrimDraftTurns,
  scrimDrafts,
  scrimParticipants,
  scrims,
  seriesGames,
  seriesTeams,
  teams,
  users,
} from '../../../db/schema/index.js';

/** One group of drafted games: a side of the draft (`champion` null) or a champion picked (`side` null). */
export interface DraftStatsRow {
  side: DraftSide | null;
  champion: string | null;
  games: number;
  wins: number;
}

/** A drafted game: its draft done and its winner confirmed (the only results stats count). */
const drafted = sql`exists (select 1 from ${scrimDrafts} where ${scrimDrafts.scrimId} = ${scrims.id} and ${scrimDrafts.status} = 'done')
  and ${scrims.teamWon} is not null and ${scrims.resultStatus} = 'confirmed'`;

/**
 * Totals over `games` (scrim_id, side, won, and `pickOf`'s columns), in one statement: per side of the draft and
 * per champion picked (grouping sets), each game counted once per group. `pickOf` says which of the side's picks
 * are the subject's.
 */
async function draftTotals(db: DbOrTx, games: SQL, pickOf: SQL): Promise<DraftStatsRow[]> {
  const result = await db.execute(sql`
    with games as (${games})
    select case when grouping(t.champion) = 1 then g.side end as side,
      t.champion,
      count(distinct g.scrim_id)::int as games,
      (count(distinct g.scrim_id) filter (where g.won))::int as wins
    from games g
    left join ${scrimDraftTurns} t on t.scrim_id = g.scrim_id and t.side = g.side and t.action = 'pick' and (${pickOf})
    group by grouping sets ((g.side), (t.champion))
  `);
  const rows = (result as unknown as { rows: DraftStatsRow[] }).rows;
  return rows.map((row) => ({ ...row, games: Number(row.games), wins: Number(row.wins) }));
}

/**
 * A player's drafted games: the side their team drafted on (teamOne is blue), and as their champion the side's
 * pick with their role, or, for a pick the drafter gave no role, the one they played in Riot's match.
 */
export function findUserDraftTotals({ db, userId }: { db: DbOrTx; userId: string }) {
  const games = sql`
    select ${scrims.id} as scrim_id,
      (case when ${scrimParticipants.team} = 'teamOne' then 'blue' else 'red' end)::draft_side as side,
      ${scrims.teamWon} = ${scrimParticipants.team} as won,
      ${scrimParticipants.role} as role
    from ${scrimParticipants}
    join ${scrims} on ${scrims.id} = ${scrimParticipants.scrimId}
    where ${scrimParticipants.userId} = ${userId} and ${scrimParticipants.kind} = 'player' and ${drafted}`;
  const pickOf = sql`t.role = g.role or (t.role is null and exists (
    select 1 from ${matchParticipants}
    where ${matchParticipants.scrimId} = g.scrim_id and ${matchParticipants.userId} = ${userId}
      and ${matchParticipants.champion} = t.champion))`;
  return draftTotals(db, games, pickOf);
}

/** A team's drafted series games: the side it drafted on (a game's blue team is its teamOne), all its side's picks. */
export function findTeamDraftTotals({ db, teamId }: { db: DbOrTx; teamId: string }) {
  const games = sql`
    select ${scrims.id} as scrim_id,
      (case when ${seriesGames.blueTeamId} = ${teamId} then 'blue' else 'red' end)::draft_side as side,
      (${scrims.teamWon} = 'teamOne') = (${seriesGames.blueTeamId} = ${teamId}) as won
    from ${seriesTeams}
    join ${seriesGames} on ${seriesGames.seriesId} = ${seriesTeams.seriesId}
      and ${teamId} in (${seriesGames.blueTeamId}, ${seriesGames.redTeamId})
    join ${scrims} on ${scrims.id} = ${seriesGames.scrimId}
    where ${seriesTeams.teamId} = ${teamId} and ${drafted}`;
  return draftTotals(db, games, sql`true`);
}

export async function userExists({ db, userId }: { db: DbOrTx; userId: string }) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row);
}

export async function teamExists({ db, teamId }: { db: DbOrTx; teamId: string }) {
  const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).limit(1);
  return Boolean(row);
}
