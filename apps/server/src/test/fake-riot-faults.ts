import { seededRandom } from './fake-riot-match.js';
import {
  fakePuuid,
  TOURNAMENT_PLATFORMS,
  type FakeFault,
  type FakeRiot,
  type FakeTournamentGame,
  type RecordedRequest,
} from './fake-riot.js';

/**
 * A fault plan for the fake Riot: per tournament code, the ways Riot fails a game in public, set by hand or drawn
 * at random from a seed (so a chaos run can be replayed). Time-based faults ("match-v5 404 for 30 minutes") follow
 * the clock the plan is given (createVirtualClock in tests, a fast clock in the chaos run), counted from the end
 * of the code's game, so every such fault ends. The plan answers through the fake's `intercept`; faults injected
 * with `fake.inject` still come first.
 */

/** What Riot does wrong with one code's game; a plan without any is a game Riot serves right. */
export interface GameFaults {
  /** Riot never POSTs the game-end callback. */
  dropCallback?: boolean;
  /** Riot POSTs the same game-end callback twice. */
  duplicateCallback?: boolean;
  /** match-v5 lists the game's match only this many minutes after the end: the callback comes first. */
  matchLateMinutes?: number;
  /** games/by-code answers no game for this many minutes after the end. */
  gamesEmptyMinutes?: number;
  /** match-v5 lists the match but answers 404 for it for this many minutes after the end. */
  match404Minutes?: number;
  /** After the end, the code's next reads (games/by-code, match-v5, lobby events) answer 429 with Retry-After. */
  rateLimited?: { times: number; retryAfterSeconds: number };
  /** After the end, the code's next reads answer this 5xx. */
  serverErrors?: { times: number; status: number };
  /** This many of the players' lobby joins (fillLobby) carry a null PUUID. */
  nullPuuids?: number;
  /** Our Blue (teamOne) plays on Riot's team 200, Red on team 100. */
  sideSwap?: boolean;
  /** The first game is Riot's early-surrender remake (under 3½ minutes); the replay is the next `play`. */
  remake?: boolean;
  /** This many of the scrim's players are replaced in the game by strangers (3 or more: fewer than 8 of ours). */
  strangers?: number;
}

export type FaultKind = keyof GameFaults;

/** How often each fault is drawn by `randomFaults`, per game (0..1). */
export type FaultRates = Record<FaultKind, number>;

/** Rates for a chaos run: every fault often enough to show in a few hundred games. */
export const CHAOS_FAULT_RATES: FaultRates = {
  dropCallback: 0.3,
  duplicateCallback: 0.15,
  matchLateMinutes: 0.3,
  gamesEmptyMinutes: 0.2,
  match404Minutes: 0.1,
  rateLimited: 0.1,
  serverErrors: 0.15,
  nullPuuids: 0.1,
  sideSwap: 0.25,
  remake: 0.05,
  strangers: 0.03,
};

/** Riot's remake: the game ends by early surrender before 3½ minutes. */
export const REMAKE_DURATION_SECONDS = 190;

const MINUTE = 60_000;

/** The faults of a plan that are set, in a stable order (for reports). */
export function faultKindsOf(faults: GameFaults): FaultKind[] {
  return (Object.keys(CHAOS_FAULT_RATES) as FaultKind[]).filter((kind) => {
    const value = faults[kind];
    return typeof value === 'number' ? value > 0 : Boolean(value);
  });
}

/** Faults drawn from `roll` (seededRandom): each with its rate, durations and counts drawn too. */
export function randomFaults(roll: (min: number, max: number) => number, rates: FaultRates = CHAOS_FAULT_RATES) {
  const drawn = (kind: FaultKind) => roll(0, 9_999) < rates[kind] * 10_000;
  const faults: GameFaults = {};
  if (drawn('dropCallback')) faults.dropCallback = true;
  else if (drawn('duplicateCallback')) faults.duplicateCallback = true;
  if (drawn('matchLateMinutes')) faults.matchLateMinutes = roll(1, 20);
  if (drawn('gamesEmptyMinutes')) faults.gamesEmptyMinutes = roll(5, 60);
  if (drawn('match404Minutes')) faults.match404Minutes = roll(5, 120);
  if (drawn('rateLimited')) faults.rateLimited = { times: roll(1, 4), retryAfterSeconds: roll(1, 3) };
  if (drawn('serverErrors')) faults.serverErrors = { times: roll(1, 6), status: [500, 502, 503, 504][roll(0, 3)]! };
  if (drawn('nullPuuids')) faults.nullPuuids = roll(1, 3);
  if (drawn('sideSwap')) faults.sideSwap = true;
  if (drawn('remake')) faults.remake = true;
  if (drawn('strangers')) faults.strangers = roll(1, 4);
  return faults;
}

export interface PlayGameInput {
  code: string;
  /** Our Blue's five PUUIDs (the scrim's teamOne), in role order. */
  teamOne: string[];
  /** Our Red's five PUUIDs (teamTwo). */
  teamTwo: string[];
  teamOneWins: boolean;
  /** Deliver the callback to this origin instead of the provider url's (a local server). */
  origin?: string;
}

export interface PlayedGame {
  game: FakeTournamentGame;
  matchId: string;
  /** This game was Riot's remake: no result; the replay is still to be played on the same code. */
  remake: boolean;
  /** Riot's team 100 and 200 PUUIDs as played (after a side swap and strangers). */
  blue: string[];
  red: string[];
  /** The callbacks' answers (none when dropped, two when duplicated; null: nothing answered). */
  callbackStatuses: Array<number | null>;
}

interface CodeState {
  faults: GameFaults;
  games: FakeTournamentGame[];
  /** The end of the newest game (clock ms), null before any game. */
  endedAt: number | null;
  remade: boolean;
  rateLimitedLeft: number;
  serverErrorsLeft: number;
  /** Per match id: when match-v5 lists it and when it serves it (clock ms). */
  matchTimes: Map<string, { listedAt: number; servedAt: number }>;
}

type CodeRead = 'games' | 'lobby' | 'ids' | 'match';

/** Which read of which code a request is (null: not a per-code read). */
function readOf(path: string, codeOfMatch: (matchId: string) => string | undefined) {
  const tournament = /^\/lol\/tournament(?:-stub)?\/v5\/(games|lobby-events)\/by-code\/([^/]+)$/.exec(path);
  if (tournament) {
    return { read: (tournament[1] === 'games' ? 'games' : 'lobby') as CodeRead, code: decode(tournament[2]!) };
  }
  const ids = /^\/lol\/match\/v5\/matches\/by-tournament-code\/([^/]+)\/ids$/.exec(path);
  if (ids) return { read: 'ids' as CodeRead, code: decode(ids[1]!) };
  const match = /^\/lol\/match\/v5\/matches\/([^/]+)(?:\/by-tournament-code\/([^/]+))?$/.exec(path);
  if (match) {
    const matchId = decode(match[1]!);
    const code = match[2] ? decode(match[2]) : codeOfMatch(matchId);
    return code ? { read: 'match' as CodeRead, code, matchId } : null;
  }
  return null;
}

const decode = (segment: string) => decodeURIComponent(segment);

export interface FaultPlanOptions {
  /** The plan's time (ms); Date by default. Time-based faults end when it passes their end. */
  clock?: { now(): number };
  /** The seed of `random` (default 1). */
  seed?: number;
  rates?: FaultRates;
}

export type FaultPlan = ReturnType<typeof createFaultPlan>;

/** Installs a fault plan on `fake` (its `intercept`); `detach` removes it. */
export function createFaultPlan(fake: FakeRiot, { clock = Date, seed = 1, rates }: FaultPlanOptions = {}) {
  const roll = seededRandom(seed);
  const states = new Map<string, CodeState>();
  const codeOfMatchId = new Map<string, string>();
  let nextGameId = 7_100_000_000;

  function stateOf(code: string): CodeState {
    let state = states.get(code);
    if (!state) {
      state = {
        faults: {},
        games: [],
        endedAt: null,
        remade: false,
        rateLimitedLeft: 0,
        serverErrorsLeft: 0,
        matchTimes: new Map(),
      };
      states.set(code, state);
    }
    return state;
  }

  function intercept(request: RecordedRequest): FakeFault | null {
    if (request.method !== 'GET') return null;
    const read = readOf(request.path, (matchId) => codeOfMatchId.get(matchId));
    const state = read && states.get(read.code);
    if (!read || !state || state.endedAt === null) return null;
    const { faults } = state;
    if (state.rateLimitedLeft > 0 && faults.rateLimited) {
      state.rateLimitedLeft--;
      return { status: 429, retryAfterSeconds: faults.rateLimited.retryAfterSeconds, rateLimitType: 'method' };
    }
    if (state.serverErrorsLeft > 0 && faults.serverErrors) {
      state.serverErrorsLeft--;
      return { status: faults.serverErrors.status };
    }
    const now = clock.now();
    if (read.read === 'games' && now < state.endedAt + (faults.gamesEmptyMinutes ?? 0) * MINUTE) {
      return { json: state.games.slice(0, -1) };
    }
    if (read.read === 'ids') {
      const listed = fake.matchIdsByCode.get(read.code) ?? [];
      const hidden = listed.filter((id) => now < (state.matchTimes.get(id)?.listedAt ?? 0));
      if (hidden.length > 0) return { json: listed.filter((id) => !hidden.includes(id)) };
    }
    if (read.read === 'match' && read.matchId) {
      const times = state.matchTimes.get(read.matchId);
      if (times && (now < times.listedAt || now < times.servedAt)) return { status: 404 };
    }
    return null;
  }

  fake.intercept = intercept;

  /** Our players as they play: strangers take the last slots, Red's and Blue's in turn. */
  function withStrangers(code: string, teamOne: string[], teamTwo: string[], strangers: number) {
    const one = [...teamOne];
    const two = [...teamTwo];
    for (let i = 0; i < Math.min(strangers, 10); i++) {
      const team = i % 2 === 0 ? two : one;
      team[4 - Math.floor(i / 2)] = fakePuuid(`stranger ${i} ${code}`);
    }
    return { one, two };
  }

  return {
    /** Sets the faults of `code`'s games (replacing any set before). */
    set(code: string, faults: GameFaults) {
      const state = stateOf(code);
      state.faults = faults;
      state.rateLimitedLeft = faults.rateLimited?.times ?? 0;
      state.serverErrorsLeft = faults.serverErrors?.times ?? 0;
      return faults;
    },
    /** Draws faults for `code` from the plan's seed and sets them. */
    random(code: string) {
      return this.set(code, randomFaults(roll, rates));
    },
    faultsOf(code: string): GameFaults {
      return states.get(code)?.faults ?? {};
    },
    /** The players join Riot's lobby of `code`: one PlayerJoinedGameEvent each, the first `nullPuuids` without PUUID. */
    fillLobby(code: string, puuids: string[]) {
      const stored = fake.codes.get(code);
      if (!stored) throw new Error(`fake Riot: unknown tournament code ${code}`);
      const nulls = states.get(code)?.faults.nullPuuids ?? 0;
      const timestamp = String(clock.now());
      puuids.forEach((puuid, index) =>
        stored.events.push({ timestamp, eventType: 'PlayerJoinedGameEvent', puuid: index < nulls ? null : puuid }),
      );
    },
    /**
     * Plays a game on `code` with its faults: stores it for games/by-code and match-v5 (published as the faults
     * say), then POSTs the callback (none, once or twice). With `remake`, the code's first game is a remake.
     */
    async play({ code, teamOne, teamTwo, teamOneWins, origin }: PlayGameInput): Promise<PlayedGame> {
      const stored = fake.codes.get(code);
      if (!stored) throw new Error(`fake Riot: unknown tournament code ${code}`);
      const state = stateOf(code);
      const { faults } = state;
      const remake = Boolean(faults.remake) && !state.remade;
      if (remake) state.remade = true;
      const { one, two } = withStrangers(code, teamOne, teamTwo, faults.strangers ?? 0);
      const [blue, red] = faults.sideSwap ? [two, one] : [one, two];
      const winners = teamOneWins ? one : two;
      const losers = teamOneWins ? two : one;
      const gameId = nextGameId++;
      const platformId = TOURNAMENT_PLATFORMS[stored.region] ?? `${stored.region}1`;
      // The match first, so the callback never finds it missing unless a fault says so.
      const matchId = fake.addMatch({
        platformId,
        gameId,
        blue,
        red,
        blueWins: winners === blue,
        tournamentCode: code,
      });
      if (remake) makeRemake(fake.matches.get(matchId));
      const endedAt = clock.now();
      state.endedAt = endedAt;
      state.matchTimes.set(matchId, {
        listedAt: endedAt + (faults.matchLateMinutes ?? 0) * MINUTE,
        servedAt: endedAt + (faults.match404Minutes ?? 0) * MINUTE,
      });
      codeOfMatchId.set(matchId, code);
      fake.matchIdsByCode.set(code, [...(fake.matchIdsByCode.get(code) ?? []), matchId]);
      const { game, payload } = await fake.finishGame({
        code,
        gameId,
        winningTeam: winners,
        losingTeam: losers,
        publishMatch: false,
        deliver: false,
      });
      state.games.push(game);
      const deliveries = faults.dropCallback ? 0 : faults.duplicateCallback ? 2 : 1;
      const callbackStatuses: Array<number | null> = [];
      for (let i = 0; i < deliveries; i++) callbackStatuses.push(await fake.deliverCallback(code, payload, origin));
      return { game, matchId, remake, blue, red, callbackStatuses };
    },
    /** Removes the plan from the fake. */
    detach() {
      if (fake.intercept === intercept) fake.intercept = null;
    },
  };
}

/** Turns a stored MatchDto into Riot's remake: early surrender, under 3½ minutes. */
function makeRemake(dto: unknown) {
  const { info } = dto as {
    info: { gameDuration: number; gameStartTimestamp: number; gameEndTimestamp: number; participants: object[] };
  };
  info.gameDuration = REMAKE_DURATION_SECONDS;
  info.gameStartTimestamp = info.gameEndTimestamp - REMAKE_DURATION_SECONDS * 1000;
  for (const participant of info.participants) {
    Object.assign(participant, {
      gameEndedInEarlySurrender: true,
      teamEarlySurrendered: true,
      timePlayed: REMAKE_DURATION_SECONDS,
    });
  }
}
