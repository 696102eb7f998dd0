import {
  LATE_LEAVE_HOURS,
  ROLES,
  TEAMS,
  areTeamsFull,
  type Scrim,
  type ScrimPlayer,
  type ScrimUser,
  type TeamName,
} from '@scrim-gym/shared';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const scrimUser = (n: number, overrides: Partial<ScrimUser> = {}): ScrimUser => ({
  _id: id(1000 + n),
  name: `Player ${n}`,
  summonerTagline: 'NA1',
  region: 'NA',
  rank: 'Gold 2',
  discord: `player${n}`,
  verified: false,
  reliability: null,
  ...overrides,
});

/** A player's shown rating: a Gold 2 seed (the factory's rank), not provisional. */
export const playerRating: ScrimPlayer['rating'] = { rating: 860, provisional: false };

/** `count` players filling teamOne then teamTwo, Top to Support (players 1..count). */
export function players(count: number): Pick<Scrim, 'teamOne' | 'teamTwo'> {
  const all: ScrimPlayer[] = Array.from({ length: count }, (_, i) => {
    const team: TeamName = TEAMS[Math.floor(i / 5)]!;
    return { _user: scrimUser(i + 1), role: ROLES[i % 5]!, team: { name: team }, rating: playerRating };
  });
  return {
    teamOne: all.filter((p) => p.team.name === 'teamOne'),
    teamTwo: all.filter((p) => p.team.name === 'teamTwo'),
  };
}

const HOUR = 3_600_000;

export function makeScrim(overrides: Partial<Scrim> = {}): Scrim {
  const players = [...(overrides.teamOne ?? []), ...(overrides.teamTwo ?? [])];
  // As the server says: ready when both teams are full, unless a test says otherwise (a leave after the start).
  const full = areTeamsFull(players.map((p) => ({ team: p.team.name, role: p.role })));
  const start = new Date(overrides.gameStartTime ?? Date.now() + 2 * HOUR).getTime();
  return {
    _id: id(1),
    title: 'Friday Night Customs',
    createdBy: scrimUser(99, { name: 'Creator' }),
    region: 'NA',
    gameStartTime: new Date(start).toISOString(),
    isPrivate: false,
    isWithCasters: false,
    maxCastersAllowedCount: 0,
    casters: [],
    teamOne: [],
    teamTwo: [],
    teamWon: null,
    abandonedAt: null,
    lobbyReady: full,
    lateLeaveFrom: new Date(start - LATE_LEAVE_HOURS * HOUR).toISOString(),
    lobbyHost: null,
    useTournamentCode: false,
    riotTournament: null,
    riotLobby: null,
    postGameImage: null,
    mode: 'slots',
    signups: [],
    balance: null,
    result: null,
    remakes: 0,
    ratingChanges: [],
    status: 'scheduled',
    cancellation: null,
    hostedBy: null,
    waitlist: [],
    checkIn: null,
    placed: [],
    substitutions: [],
    series: null,
    draft: 'none',
    draftTimerSeconds: 30,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/**
 * A full scrim whose captain (Player 2, Blue) reported Blue 5 minutes before `now`: pending, confirming itself
 * 25 minutes after `now` (the contract's 30-minute window).
 */
export function reportedScrim({
  now = Date.now(),
  ...overrides
}: Partial<NonNullable<Scrim['result']>> & { now?: number } = {}): Scrim {
  const scrim = makeScrim({
    ...players(10),
    gameStartTime: new Date(now - 40 * 60_000).toISOString(),
    teamWon: 'teamOne',
  });
  const captain = scrim.teamOne[1]!._user;
  return {
    ...scrim,
    lobbyHost: captain,
    result: {
      status: 'pending',
      source: 'captain',
      reportedBy: captain._id,
      reportedAt: new Date(now - 5 * 60_000).toISOString(),
      confirmedAt: null,
      confirmBy: new Date(now + 25 * 60_000).toISOString(),
      dispute: null,
      unrated: null,
      confirmedBy: null,
      evidence: null,
      ...overrides,
    },
  };
}
