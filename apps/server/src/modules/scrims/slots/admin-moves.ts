import { SCRIM_MESSAGES, emptySlots, type Region } from '@scrim-gym/shared';
import { insertNotificationRows, type StoredNotification } from '../../notifications/index.js';
import { placedNotifications } from './placed.js';
import { assertCanRunScrim, assertMayFillFrom, assertMayPlace } from '../core/scrims.policy.js';
import { findWaitlistEntry } from '../waitlist/waitlist.repository.js';
import {
  ScrimAction,
  SlotAction,
  assertNoWinner,
  assertSlotsMode,
  changeScrim,
  type ActionContext,
} from '../core/scrim-change.js';
import { sampleEligibleUsers, type SlotChange } from './slots.repository.js';
import { changeSlotInTool } from './tool-change.js';

/**
 * The slot tools of whoever runs a scrim: assign a user to a slot, fill the empty slots at random, drag a player.
 * Who may use them on which scrim is decided here (the policy); which slot a user may take is the slot statement's
 * (scrim_slot_change's assign and swap), run in the tool's transaction under the scrim's lock.
 */

/** Runs a changeScrim whose action returns notifications, and publishes them after the commit. */
function withNotifications(action: ScrimAction, apply: (ctx: ActionContext) => Promise<StoredNotification[]>) {
  let stored: StoredNotification[] = [];
  return changeScrim({
    ...action,
    afterCommit: async () => action.deps.notifier.publish(stored),
    apply: async (ctx) => {
      stored = await apply(ctx);
      return stored;
    },
  });
}

export function adminAssignPlayer({ userId, team, role, ...action }: SlotAction) {
  const { viewer } = action;
  return withNotifications(action, async ({ tx, scrim, participants }) => {
    assertCanRunScrim(viewer, scrim);
    // Read under the scrim's lock: whom a host may place cannot change before the statement runs.
    const inScrim = participants.some((p) => p.userId === userId);
    assertMayPlace(viewer, {
      inScrim,
      waiting: Boolean(await findWaitlistEntry({ db: tx, scrimId: scrim.id, userId })),
    });
    const { placed, promoted } = await changeSlotInTool({
      tx,
      scrim,
      participants,
      userId,
      change: { action: 'assign', team, role, by: viewer.id },
    });
    const told = placed ? await placedNotifications({ db: tx, viewer, scrim, placed: [{ userId, team, role }] }) : [];
    return [...(await insertNotificationRows({ db: tx, values: told })), ...promoted];
  });
}

/** Fills the empty slots with random eligible players: each is placed (they chose nothing) and told. */
export async function adminFillRandom({ deps, viewer, scrimId, region }: ScrimAction & { region?: Region }) {
  let stored: StoredNotification[] = [];
  return changeScrim({
    deps,
    scrimId,
    viewer,
    afterCommit: async () => deps.notifier.publish(stored),
    apply: async ({ tx, scrim, participants }) => {
      assertCanRunScrim(viewer, scrim);
      const from = region ?? scrim.region;
      assertMayFillFrom(viewer, from);
      // Refused before the draw, with the statement's own reasons: an empty draw would hide them.
      assertNoWinner(scrim);
      assertSlotsMode(scrim);
      const slots = emptySlots(participants.filter((p) => p.kind === 'player'));
      if (slots.length === 0) return { filled: 0, unfilled: 0, reason: null };
      const picked = await sampleEligibleUsers({ db: tx, scrimId, region: from, limit: slots.length });
      const placed = [];
      for (const [i, user] of picked.entries()) {
        const slot = slots[i]!;
        // Drawn by the tool from the regions the viewer may fill from (assertMayFillFrom), not chosen by them.
        const change: SlotChange = { action: 'assign', ...slot, by: viewer.id };
        const result = await changeSlotInTool({ tx, scrim, participants, userId: user.id, change });
        if (result.placed) placed.push({ userId: user.id, ...slot });
      }
      stored = await insertNotificationRows({
        db: tx,
        values: await placedNotifications({ db: tx, viewer, scrim, placed }),
      });
      const unfilled = slots.length - picked.length;
      return {
        filled: picked.length,
        unfilled,
        reason: unfilled > 0 ? SCRIM_MESSAGES.notEnoughEligible(unfilled, from) : null,
      };
    },
  });
}

/** Drag a player onto a slot: exchange with its player, or move there when it is empty. */
export function swapPlayers({ userId, team, role, ...action }: SlotAction) {
  return withNotifications(action, async ({ tx, scrim, participants }) => {
    assertCanRunScrim(action.viewer, scrim);
    const { promoted } = await changeSlotInTool({
      tx,
      scrim,
      participants,
      userId,
      change: { action: 'swap', team, role },
    });
    return promoted;
  });
}
