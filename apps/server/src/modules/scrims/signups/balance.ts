import { BALANCE_MESSAGES, TEAMS, TEAM_SIZE, areTeamsFull, type Role, type TeamName } from '@scrim-gym/shared';
import type { Transaction } from '../../../db/client.js';
import { conflict } from '../../../lib/errors.js';
import { insertNotificationRows } from '../../notifications/index.js';
import { balanceTeams, seedRating, type Balance } from '../../ratings/index.js';
import { assertCanRunScrim, type Viewer } from '../core/scrims.policy.js';
import { assertNoWinner, changeScrim, type ScrimDeps } from '../core/scrim-change.js';
import { seatPlayers } from '../slots/tool-change.js';
import {
  findSettingsCandidates,
  findSignupCandidates,
  storeBalance,
  type BalanceCandidate,
} from './signups.repository.js';

/** A lobby: both teams full. */
export const LOBBY_SIZE = TEAM_SIZE * TEAMS.length;

/** Blue is teamOne, red teamTwo. */
export function seatsOf(balance: Balance): { userId: string; team: TeamName; role: Role }[] {
  return [
    ...balance.blue.map((seat) => ({ ...seat, team: 'teamOne' as const })),
    ...balance.red.map((seat) => ({ ...seat, team: 'teamTwo' as const })),
  ];
}

/**
 * Makes the teams of ten (balanceTeams: exact and deterministic) from each one's rating, the current season's or
 * else the seed of their rank, seats them (the slot statement's `reseat`: every player row replaced), stores the
 * balance and writes the ten's notifications (the bell's 'scrim_alert', a click opens the scrim). Inside the caller's transaction, under the
 * scrim's row lock; publish the returned notifications after commit.
 */
export async function makeTeams({
  db,
  scrimId,
  ten,
  message,
}: {
  db: Transaction;
  scrimId: string;
  ten: BalanceCandidate[];
  message: string;
}) {
  const balance = balanceTeams(
    ten.map((c) => ({
      userId: c.userId,
      rating: c.rating ?? seedRating(c.rank),
      primaryRole: c.primaryRole,
      secondaryRole: c.secondaryRole,
    })),
  );
  await seatPlayers({ tx: db, scrimId, action: 'reseat', seats: seatsOf(balance) });
  await storeBalance({
    db,
    scrimId,
    blueWinProbability: balance.blueWinProbability,
    offRole: balance.offRole,
  });
  return insertNotificationRows({
    db,
    values: ten.map((c) => ({ userId: c.userId, kind: 'scrim_alert' as const, message, relatedScrimId: scrimId })),
  });
}

/**
 * POST /api/scrims/:id/balance (admin): the ten of a full scrim that has not started get new sides and roles
 * (roles from each one's settings; a balanced scrim's ten sign-ups keep the roles they signed up with), and are
 * told. Not full, started, over: 409, nothing written.
 */
export async function balanceScrim({ deps, viewer, scrimId }: { deps: ScrimDeps; viewer: Viewer; scrimId: string }) {
  const result = await changeScrim({
    deps,
    scrimId,
    viewer,
    apply: async ({ tx, scrim, participants }) => {
      assertCanRunScrim(viewer, scrim);
      assertNoWinner(scrim);
      if (scrim.gameStartTime.getTime() <= Date.now()) {
        throw conflict(BALANCE_MESSAGES.alreadyStarted, 'ALREADY_STARTED');
      }
      let ten = scrim.mode === 'balanced' ? await findSignupCandidates({ db: tx, scrimId }) : [];
      if (ten.length !== LOBBY_SIZE) {
        const players = participants.filter((p) => p.kind === 'player');
        if (!areTeamsFull(players)) throw conflict(BALANCE_MESSAGES.teamsNotFull, 'TEAMS_NOT_FULL');
        ten = await findSettingsCandidates({ db: tx, userIds: players.map((p) => p.userId) });
      }
      return makeTeams({
        db: tx,
        scrimId,
        ten,
        message: viewer.isAdmin
          ? BALANCE_MESSAGES.balancedByAdminNotification(scrim.title)
          : BALANCE_MESSAGES.balancedByHostNotification(scrim.title),
      });
    },
  });
  deps.notifier.publish(result.value);
  return result.scrim;
}
