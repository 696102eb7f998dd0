import type { Transaction } from '../../../db/client.js';
import { storePromotion } from '../waitlist/promotion.js';
import type { ParticipantRow, ScrimRow } from '../core/scrim-aggregate.repository.js';
import { changeSlotIn, type Seat, type SlotChange } from './slots.repository.js';
import { slotRefusalError } from './slot-actions.js';

/**
 * One slot statement in the transaction of a tool of whoever runs the scrim (assign, drag, fill, substitute), which
 * holds the scrim's lock: a refusal is thrown (changeScrim answers it with the current scrim), a promotion from the
 * waitlist into the slot the user left is stored as its notification, to publish after the commit.
 */
export async function changeSlotInTool({
  tx,
  scrim,
  participants,
  userId,
  change,
}: {
  tx: Transaction;
  scrim: ScrimRow;
  participants: ParticipantRow[];
  userId: string;
  change: SlotChange;
}) {
  const result = await changeSlotIn({ tx, scrimId: scrim.id, userId, change });
  if (result.refusal) throw slotRefusalError(change.action, result.refusal, result.aggregate, result.cooldownUntil);
  const left = participants.find((p) => p.userId === userId && p.kind === 'player');
  const promoted = result.promoted
    ? await storePromotion({ db: tx, scrim, userId: result.promoted, role: left?.role ?? null })
    : [];
  return { placed: result.placed, promoted };
}

/**
 * A whole-lobby seating in a transaction that holds the scrim's lock: the balance's seats taken by its sign-ups
 * (`seat`), or every player row replaced by the teams it made (`reseat`). A refusal is thrown.
 */
export async function seatPlayers({
  tx,
  scrimId,
  action,
  seats,
}: {
  tx: Transaction;
  scrimId: string;
  action: 'seat' | 'reseat';
  seats: Seat[];
}) {
  if (seats.length === 0) return;
  const result = await changeSlotIn({ tx, scrimId, userId: null, change: { action, seats } });
  if (result.refusal) throw slotRefusalError(action, result.refusal, result.aggregate, null);
}

/**
 * A series game's side `team` seated as a captain set the team's lineup, in a transaction of the series: the
 * side's players replaced by the starters. A refusal is thrown; the scrim as it is now is answered, to publish
 * after the commit.
 */
export async function seatLineup({
  tx,
  scrimId,
  team,
  seats,
}: {
  tx: Transaction;
  scrimId: string;
  team: Seat['team'];
  seats: Seat[];
}) {
  const result = await changeSlotIn({ tx, scrimId, userId: null, change: { action: 'lineup', team, seats } });
  if (result.refusal) throw slotRefusalError('lineup', result.refusal, result.aggregate, null);
  return result.aggregate;
}

/**
 * A series game's two lineups seated by the server, each on its side (a next game's creation, the loser's side
 * choice), in a transaction of the series: every player row replaced by `seats`, less a user banned or deleted
 * since. A refusal is thrown; the scrim as it is now is answered, to publish after the commit.
 */
export async function seatSides({ tx, scrimId, seats }: { tx: Transaction; scrimId: string; seats: Seat[] }) {
  const result = await changeSlotIn({ tx, scrimId, userId: null, change: { action: 'sides', seats } });
  if (result.refusal) throw slotRefusalError('sides', result.refusal, result.aggregate, null);
  return result.aggregate;
}
