import { BALANCE_MESSAGES, WAITLIST_MESSAGES, emptySlots, type Slot } from '@scrim-gym/shared';
import type { Transaction } from '../../../db/client.js';
import { insertNotificationRows, type StoredNotification } from '../../notifications/index.js';
import { roleFit } from '../../ratings/index.js';
import { LOBBY_SIZE, makeTeams } from '../signups/balance.js';
import { promoteIntoFreedSlots } from '../waitlist/promotion.js';
import { type ScrimRow } from '../core/scrim-aggregate.repository.js';
import { findParticipants } from '../core/scrims.repository.js';
import { seatPlayers } from '../slots/tool-change.js';
import { countSignups, findSignupCandidates, type BalanceCandidate } from '../signups/signups.repository.js';

/**
 * A balanced scrim whose teams are made keeps them when a sign-up withdraws: the nine keep their seats, and an open
 * seat goes to the first sign-up without a seat whose roles fit it (primary, secondary or Fill), then to the first
 * waitlisted player who wants that role or any (scrim_promote_waitlist); with nobody, it stays open to sign-ups
 * until the lock. The teams are made again only when the tenth sign-up fits no open seat. Inside the caller's
 * transaction, under the scrim's row lock (changeScrim): two sign-ups or withdrawals are served one after the
 * other, and the one-player-per-slot constraint backs it. Returns the notifications to publish after the commit.
 */
export async function fillOpenSeats({
  db,
  scrim,
}: {
  db: Transaction;
  scrim: Pick<ScrimRow, 'id' | 'title'>;
}): Promise<StoredNotification[]> {
  const players = (await findParticipants({ db, scrimId: scrim.id })).filter((p) => p.kind === 'player');
  // No teams yet: the tenth sign-up makes them (signUp).
  if (players.length === 0) return [];
  const open = emptySlots(players);
  const seatedIds = new Set(players.map((p) => p.userId));
  const waiting = (await findSignupCandidates({ db, scrimId: scrim.id })).filter((s) => !seatedIds.has(s.userId));
  const seated: (Slot & { userId: string })[] = [];
  for (const signup of waiting) {
    const seat = bestSeat(signup, open);
    if (!seat) continue;
    open.splice(open.indexOf(seat), 1);
    seated.push({ ...seat, userId: signup.userId });
  }
  await seatPlayers({ tx: db, scrimId: scrim.id, action: 'seat', seats: seated });
  const told = await insertNotificationRows({
    db,
    values: seated.map((s) => ({
      userId: s.userId,
      kind: 'scrim_alert' as const,
      relatedScrimId: scrim.id,
      message: WAITLIST_MESSAGES.promotedNotification(scrim.title, s.role),
    })),
  });
  const promoted = await promoteIntoFreedSlots({ db, scrim, freed: open });
  if ((await countSignups({ db, scrimId: scrim.id })) < LOBBY_SIZE) return [...told, ...promoted];
  const seatedCount = players.length + seated.length + promoted.length;
  if (seatedCount >= LOBBY_SIZE) return [...told, ...promoted];
  // Ten sign-ups, one of them fitting no open seat: the teams are made again from the ten.
  const ten = await findSignupCandidates({ db, scrimId: scrim.id });
  const remade = await makeTeams({
    db,
    scrimId: scrim.id,
    ten,
    message: BALANCE_MESSAGES.teamsMadeNotification(scrim.title),
  });
  return [...told, ...promoted, ...remade];
}

/** The open seat that fits the sign-up best (its primary role before its secondary or Fill); none: off-role. */
function bestSeat(signup: BalanceCandidate, open: Slot[]): Slot | undefined {
  return open
    .filter((seat) => roleFit(signup, seat.role) < 2)
    .sort((a, b) => roleFit(signup, a.role) - roleFit(signup, b.role))[0];
}
