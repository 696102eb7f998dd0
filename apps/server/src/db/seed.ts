import { count, inArray, sql } from 'drizzle-orm';
import {
  RELIABILITY_WINDOW,
  ROLES,
  SCRIM_ABANDON_AFTER_MS,
  TEAMS,
  type Region,
  type Role,
  type TeamName,
} from '@scrim-gym/shared';
import { lookalikeColumns } from '../lib/lookalike.js';
import { createPassword } from '../lib/tokens.js';
import type { Database, DbOrTx } from './client.js';
import {
  authIdentities,
  communityHosts,
  scrimCommitments,
  scrimParticipants,
  scrimWaitlist,
  scrims,
  users,
} from './schema/index.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const PLAYERS: Array<[name: string, tag: string, region: Region, rank: string]> = [
  ['Faker Fan', 'NA1', 'NA', 'Diamond 2'],
  ['Jungle Diff', 'NA1', 'NA', 'Platinum 1'],
  ['Wardbot', 'WARD', 'NA', 'Gold 3'],
  ['Baron Steal', 'NA2', 'NA', 'Emerald 4'],
  ['Smite Check', 'NA1', 'NA', 'Silver 1'],
  ['Flash On D', 'FLASH', 'NA', 'Gold 1'],
  ['Mid Or Feed', 'NA1', 'NA', 'Master'],
  ['Support Gap', 'SUP', 'NA', 'Platinum 3'],
  ['Tower Diver', 'NA1', 'NA', 'Bronze 2'],
  ['Drake Soul', 'NA3', 'NA', 'Diamond 4'],
  ['Pentakill Pete', 'NA1', 'NA', 'Gold 4'],
  ['Recall Queen', 'NA1', 'NA', 'Emerald 1'],
  ['Ignite Me', 'NA1', 'NA', 'Iron 1'],
  ['Herald Rider', 'NA1', 'NA', 'Unranked'],
  ['Blue Buff', 'NA1', 'NA', 'Grandmaster'],
  ['Red Side Rex', 'NA1', 'NA', 'Silver 3'],
  ['Nexus Knight', 'EUW', 'EUW', 'Diamond 1'],
  ['Rift Herald', 'EUW', 'EUW', 'Platinum 2'],
  ['Lane Kingdom', 'EUW', 'EUW', 'Gold 2'],
  ['Cs Perfect', 'EUW', 'EUW', 'Emerald 3'],
  ['Vision Score', 'EUW', 'EUW', 'Silver 2'],
  ['Roam Master', 'EUW', 'EUW', 'Challenger'],
  ['Nordic Jungler', 'EUNE', 'EUNE', 'Gold 3'],
  ['Baltic Carry', 'EUNE', 'EUNE', 'Platinum 4'],
  ['Tilt Proof', 'EUNE', 'EUNE', 'Bronze 1'],
  ['Andes Adc', 'LAN', 'LAN', 'Diamond 3'],
  ['Mexico Mid', 'LAN', 'LAN', 'Gold 1'],
  ['Reef Support', 'OCE', 'OCE', 'Emerald 2'],
  ['Sydney Smite', 'OCE', 'OCE', 'Silver 4'],
  ['Kiwi Top', 'OCE', 'OCE', 'Unranked'],
];

interface SeedScrim {
  title: string;
  region: Region;
  startOffsetMs: number;
  players: number;
  teamWon?: TeamName;
  isPrivate?: boolean;
  casters?: number;
  /** Run by the region's community host. */
  hosted?: boolean;
  /** Players waiting for a slot of this full scrim, for any role. */
  waiting?: number;
}

/** NA's community host in the demo: creates and runs 'Community Night'. */
const HOST_NAME = 'Blue Buff';

const TODAY: SeedScrim[] = [
  { title: 'Friday Night Customs', region: 'NA', startOffsetMs: 2 * HOUR, players: 6, casters: 1 },
  { title: 'Gold+ Inhouse', region: 'NA', startOffsetMs: 5 * HOUR, players: 3 },
  { title: 'Diamond Practice', region: 'NA', startOffsetMs: -40 * 60 * 1000, players: 10, casters: 2 },
  { title: 'Lunch Break Scrim', region: 'NA', startOffsetMs: -70 * 60 * 1000, players: 7 },
  { title: 'Morning Customs', region: 'NA', startOffsetMs: -3.5 * HOUR, players: 10, teamWon: 'teamOne' },
  { title: 'Coaching Session', region: 'NA', startOffsetMs: 3 * HOUR, players: 2, isPrivate: true },
  { title: 'EUW Clash Warmup', region: 'EUW', startOffsetMs: 1.5 * HOUR, players: 4 },
  { title: 'EUW Late Night', region: 'EUW', startOffsetMs: -4 * HOUR, players: 6 },
  { title: 'EUNE Sunday Cup', region: 'EUNE', startOffsetMs: 6 * HOUR, players: 5 },
  { title: 'OCE Arvo Scrim', region: 'OCE', startOffsetMs: -20 * 60 * 1000, players: 8 },
];

/** A community host's scrim, seeded after the others so their players stay as they were. */
const HOSTED: SeedScrim[] = [
  { title: 'Community Night', region: 'NA', startOffsetMs: 4 * HOUR, players: 10, hosted: true, waiting: 2 },
];

const slotOf = (index: number): { team: TeamName; role: Role } => ({
  team: TEAMS[index % 2]!,
  role: ROLES[Math.floor(index / 2) % ROLES.length]!,
});

/** A scrim's jobs, scheduled in the seed's transaction: the scrims module's schedule, passed in by the caller. */
type ScheduleScrim = (args: { db: DbOrTx; scrimId: string; gameStartTime: Date }) => Promise<void>;
export interface SeedSchedule {
  /** The start job (and with it the abandon check). */
  scheduleScrimStart: ScheduleScrim;
  /** The abandon check alone, for a scrim already started. */
  scheduleScrimAbandon: ScheduleScrim;
}

/** A seeded player's side of a finished game: who, and the Riot ID the match shows. */
export interface SeedLine {
  userId: string;
  riotId: string;
}

/**
 * What the seed's finished scrims become once committed, done by the modules that own them (passed in by the
 * caller, as the schedule is): rated results (the ratings module's sync, with the server's rules) and, for the
 * latest, a Riot game with its figures (the matches module).
 */
export interface SeedResults {
  rate(scrimId: string): Promise<unknown>;
  storeMatch(game: {
    scrimId: string;
    blue: SeedLine[];
    red: SeedLine[];
    blueWins: boolean;
    playedAt: Date;
  }): Promise<unknown>;
}

/**
 * On an empty database, a small living community: an admin, 30 players in five regions, scrims
 * today in every state and six months of played history. Everyone signs in through the dev sign-in with
 * `<name>@scrimgym.dev` (the admin: admin@scrimgym.dev). Returns null when the database was not empty, else the
 * seeded demo, whose `rateResults` the caller runs once the server answers (see there).
 */
export async function seedDemoCommunity({
  db,
  schedule,
  now = Date.now(),
}: {
  db: Database;
  schedule: SeedSchedule;
  now?: number;
}): Promise<SeededDemo | null> {
  const [{ value: existing }] = (await db.select({ value: count() }).from(users)) as [{ value: number }];
  if (existing > 0) return null;

  const finished: { scrimId: string; start: number; teamWon: TeamName; blue: SeedLine[]; red: SeedLine[] }[] = [];
  await db.transaction(async (tx) => {
    const people = [
      {
        name: 'Scrim Admin',
        tag: 'ADMIN',
        region: 'NA' as Region,
        rank: 'Platinum 1',
        email: 'admin@scrimgym.dev',
        isAdmin: true,
      },
      ...PLAYERS.map(([name, tag, region, rank]) => ({
        name,
        tag,
        region,
        rank,
        email: `${name.toLowerCase().replace(/\s+/g, '.')}@scrimgym.dev`,
        isAdmin: false,
      })),
    ];
    const created = await tx
      .insert(users)
      .values(
        people.map((p, i) => {
          const discord = `${p.name.toLowerCase().replace(/\s+/g, '_')}#${1000 + i}`;
          return {
            uid: `dev|${p.email}`,
            email: p.email,
            name: p.name,
            summonerTagline: p.tag,
            region: p.region,
            rank: p.rank,
            discord,
            ...lookalikeColumns({ name: p.name, discord }),
            isAdmin: p.isAdmin,
            isDonator: i % 7 === 3,
            createdAt: new Date(now - (180 - i * 5) * DAY),
            lastLoggedIn: new Date(now - (i % 5) * DAY),
            lastActiveAt: new Date(now - (i % 5) * DAY),
          };
        }),
      )
      .returning();
    await tx
      .insert(authIdentities)
      .values(created.map((u) => ({ provider: 'dev', subject: u.email!, userId: u.id, email: u.email })));
    const admin = created[0]!;
    const host = created.find((u) => u.name === HOST_NAME)!;
    await tx.insert(communityHosts).values({ userId: host.id, region: host.region, grantedBy: admin.id });
    const byRegion = (region: Region) => created.filter((u) => u.region === region && !u.isAdmin);
    const played: { scrimId: string; userId: string }[] = [];

    const history: SeedScrim[] = Array.from({ length: 24 }, (_, i) => ({
      title: `Weekly Inhouse #${i + 1}`,
      region: 'NA' as Region,
      startOffsetMs: -(7 + i * 7) * DAY,
      players: 10,
      teamWon: i % 3 === 0 ? 'teamTwo' : 'teamOne',
      casters: i % 4 === 0 ? 1 : 0,
    }));

    for (const [index, seed] of [...TODAY, ...history, ...HOSTED].entries()) {
      // The host runs their scrim; they do not play in it.
      const pool = byRegion(seed.region).filter((u) => !(seed.hosted && u.id === host.id));
      // Rotate who plays so that histories differ between players.
      const rotated = [...pool.slice(index % pool.length), ...pool.slice(0, index % pool.length)];
      const players = rotated.slice(0, Math.min(seed.players, 10));
      const casters = rotated.slice(players.length, players.length + (seed.casters ?? 0));
      const waiting = rotated.slice(
        players.length + casters.length,
        players.length + casters.length + (seed.waiting ?? 0),
      );
      const full = players.length === 10;
      // Consistent with the rules: only a full scrim has a winner; one still not full 30 minutes after its start
      // was abandoned then (Lunch Break Scrim, EUW Late Night); Diamond Practice is full and being played.
      if (seed.teamWon && !full) throw new Error(`seed: ${seed.title} has a winner but ${players.length}/10 players`);
      const start = now + seed.startOffsetMs;
      const abandonedAt =
        !full && start + SCRIM_ABANDON_AFTER_MS <= now ? new Date(start + SCRIM_ABANDON_AFTER_MS) : null;
      const [scrim] = await tx
        .insert(scrims)
        .values({
          title: seed.title,
          createdBy: seed.hosted ? host.id : admin.id,
          hostedBy: seed.hosted ? host.id : null,
          region: seed.region,
          gameStartTime: new Date(now + seed.startOffsetMs),
          isPrivate: seed.isPrivate ?? false,
          isWithCasters: (seed.casters ?? 0) > 0 || index === 0,
          maxCastersAllowedCount: 2,
          teamWon: seed.teamWon ?? null,
          // A seeded winner is a final result, as the migration made the results recorded before results could be confirmed.
          ...(seed.teamWon && {
            resultStatus: 'confirmed' as const,
            resultSource: 'admin' as const,
            resultReportedAt: new Date(start + 45 * 60_000),
            resultConfirmedAt: new Date(start + 45 * 60_000),
          }),
          abandonedAt,
          lobbyName: seed.title,
          lobbyPassword: createPassword(),
          lobbyHostId: full ? players[index % players.length]!.id : null,
          useTournamentCode: false,
          createdAt: new Date(now + Math.min(seed.startOffsetMs, 0) - DAY),
        })
        .returning();
      const rows = [
        ...players.map((p, i) => ({ scrimId: scrim!.id, userId: p.id, kind: 'player' as const, ...slotOf(i) })),
        ...casters.map((c) => ({ scrimId: scrim!.id, userId: c.id, kind: 'caster' as const })),
      ];
      if (rows.length) await tx.insert(scrimParticipants).values(rows);
      if (waiting.length) {
        await tx.insert(scrimWaitlist).values(
          waiting.map((w, i) => ({
            scrimId: scrim!.id,
            userId: w.id,
            role: 'any',
            createdAt: new Date(now - (10 - i) * 60_000),
          })),
        );
      }
      // A confirmed result: its ten kept their commitment (reliability).
      if (seed.teamWon) {
        played.push(...players.map((p) => ({ scrimId: scrim!.id, userId: p.id })));
        const lines = (team: TeamName) =>
          players
            .map((p, i) => ({ ...slotOf(i), line: { userId: p.id, riotId: `${p.name}#${p.summonerTagline}` } }))
            .filter((p) => p.team === team)
            .sort((a, b) => ROLES.indexOf(a.role) - ROLES.indexOf(b.role))
            .map((p) => p.line);
        finished.push({
          scrimId: scrim!.id,
          start,
          teamWon: seed.teamWon,
          blue: lines('teamOne'),
          red: lines('teamTwo'),
        });
      }
      // Upcoming demo scrims start like real ones: notification to their players at the start.
      if (scrim!.gameStartTime.getTime() > now) {
        await schedule.scheduleScrimStart({ db: tx, scrimId: scrim!.id, gameStartTime: scrim!.gameStartTime });
      } else if (!full && !abandonedAt) {
        // Started, not full, not 30 minutes yet (OCE Arvo Scrim): it closes then unless it fills.
        await schedule.scheduleScrimAbandon({ db: tx, scrimId: scrim!.id, gameStartTime: scrim!.gameStartTime });
      }
    }
    if (played.length) {
      await tx.insert(scrimCommitments).values(played.map((c) => ({ ...c, outcome: 'played' })));
      // Every seeded commitment was kept: those players' reliability is 100 %.
      await tx
        .update(users)
        .set({
          reliabilityScore: 100,
          reliabilityCommitments: sql`(SELECT least(count(*), ${RELIABILITY_WINDOW}) FROM ${scrimCommitments} c WHERE c.user_id = ${users.id})`,
        })
        .where(inArray(users.id, [...new Set(played.map((c) => c.userId))]));
    }
  });
  // Oldest first, as they were played: each result moves the ratings the next one starts from.
  finished.sort((a, b) => a.start - b.start);
  return {
    async rateResults(results) {
      for (const game of finished) await results.rate(game.scrimId);
      const latest = finished.at(-1);
      if (!latest) return;
      await results.storeMatch({
        scrimId: latest.scrimId,
        blue: latest.blue,
        red: latest.red,
        blueWins: latest.teamWon === 'teamOne',
        playedAt: new Date(latest.start + 8 * 60_000),
      });
    },
  };
}

export interface SeededDemo {
  /**
   * Rates the seeded results, oldest first, and stores the latest game's Riot figures: so the leaderboard, the
   * ratings and the match histories are not empty. About a second on PGlite, so the server runs it after it
   * listens rather than before its first answer.
   */
  rateResults(results: SeedResults): Promise<void>;
}
