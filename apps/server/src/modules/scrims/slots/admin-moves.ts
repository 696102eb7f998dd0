import { SCRIM_MESSAGES, emptySlots, type Region, type Role, type Scrim, type TeamName } from '@scrim-gym/shared';
import { conflict, notFound } from '../../../lib/errors.js';
import { insertNotificationRows, publishNotifications, type StoredNotification } from '../../notifications/index.js';
import { placedNotifications, placesSomeoneElse } from './placed.js';
import { promoteIntoFreedSlots } from '../waitlist/promotion.js';
import { assertCanRunScrim, assertMayFillFrom, assertMayPlace } from '../core/scrims.policy.js';
import {
  deleteParticipant,
  findUserById,
  insertParticipants,
  moveParticipant,
  sampleEligibleUsers,
  type ParticipantRow,
  type ScrimAggregate,
} from '../core/scrims.repository.js';
import { clearBalance } from '../signups/signups.repository.js';
import { deleteWaitlistEntry, findWaitlistEntry } from '../waitlist/waitlist.repository.js';
import {
  ScrimDeps,
  ScrimAction,
  SlotAction,
  spotTaken,
  assertNoWinner,
  assertSlotsMode,
  changeScrim,
} from '../core/scrim-change.js';

/** The slot tools of whoever runs a scrim: assign a user to a slot, fill the empty slots at random, drag a player. */

const playerIn = (participants: ParticipantRow[], team: TeamName, role: Role) =>
  participants.find((p) => p.kind === 'player' && p.team === team && p.role === role);

/** Runs a changeScrim whose action returns notifications (a waitlist promotion), and publishes them. */
async function withNotifications(
  run: Promise<{ value: StoredNotification[]; scrim: Scrim; aggregate: ScrimAggregate }>,
  deps: ScrimDeps,
) {
  const result = await run;
  publishNotifications({ io: deps.io, stored: result.value });
  return result;
}

export function adminAssignPlayer({ deps, viewer, scrimId, userId, team, role }: SlotAction) {
  return withNotifications(
    changeScrim({
      deps,
      scrimId,
      viewer,
      apply: async ({ tx, scrim, participants }) => {
        assertCanRunScrim(viewer, scrim);
        assertNoWinner(scrim);
        assertSlotsMode(scrim);
        if (!(await findUserById({ db: tx, id: userId }))) throw notFound('User not found', 'USER_NOT_FOUND');
        const existing = participants.find((p) => p.userId === userId);
        const waiting = Boolean(await findWaitlistEntry({ db: tx, scrimId, userId }));
        assertMayPlace(viewer, { inScrim: Boolean(existing), waiting });
        if (existing?.kind === 'caster') throw conflict(SCRIM_MESSAGES.userIsCaster, 'ALREADY_CASTER');
        const occupant = playerIn(participants, team, role);
        if (occupant && occupant.userId !== userId) throw spotTaken(participants);
        // A player moved within the scrim keeps what they chose; a newcomer put in for someone else is placed.
        const placed = !existing && placesSomeoneElse(viewer, userId);
        if (existing) await moveParticipant({ db: tx, scrimId, userId, team, role });
        else await insertParticipants({ db: tx, rows: [{ scrimId, userId, kind: 'player', team, role, placed }] });
        await clearBalance({ db: tx, scrimId });
        await deleteWaitlistEntry({ db: tx, scrimId, userId });
        const told = placed
          ? await placedNotifications({ db: tx, viewer, scrim, placed: [{ userId, team, role }] })
          : [];
        // A player moved elsewhere frees their slot.
        return [
          ...(await insertNotificationRows({ db: tx, values: told })),
          ...(await promoteIntoFreedSlots({ db: tx, scrim, freed: existing ? [existing] : [] })),
        ];
      },
    }),
    deps,
  );
}

/** Fills the empty slots with random eligible players: each is placed (they chose nothing) and told. */
export async function adminFillRandom({ deps, viewer, scrimId, region }: ScrimAction & { region?: Region }) {
  let stored: StoredNotification[] = [];
  const result = await changeScrim({
    deps,
    scrimId,
    viewer,
    afterCommit: async () => publishNotifications({ io: deps.io, stored }),
    apply: async ({ tx, scrim, participants }) => {
      assertCanRunScrim(viewer, scrim);
      const from = region ?? scrim.region;
      assertMayFillFrom(viewer, from);
      assertNoWinner(scrim);
      assertSlotsMode(scrim);
      const slots = emptySlots(participants.filter((p) => p.kind === 'player'));
      if (slots.length === 0) return { filled: 0, unfilled: 0, reason: null };
      const picked = await sampleEligibleUsers({ db: tx, scrimId, region: from, limit: slots.length });
      const rows = picked.map((user, i) => ({
        scrimId,
        userId: user.id,
        kind: 'player' as const,
        ...slots[i]!,
        placed: placesSomeoneElse(viewer, user.id),
      }));
      await insertParticipants({ db: tx, rows });
      stored = await insertNotificationRows({
        db: tx,
        values: await placedNotifications({ db: tx, viewer, scrim, placed: rows.filter((row) => row.placed) }),
      });
      const unfilled = slots.length - picked.length;
      return {
        filled: picked.length,
        unfilled,
        reason: unfilled > 0 ? SCRIM_MESSAGES.notEnoughEligible(unfilled, from) : null,
      };
    },
  });
  return result;
}

/** Drag a player onto a slot: exchange with its player, or move there when it is empty. */
export function swapPlayers({ deps, viewer, scrimId, userId, team, role }: SlotAction) {
  return withNotifications(
    changeScrim({
      deps,
      scrimId,
      viewer,
      apply: async ({ tx, scrim, participants }) => {
        assertCanRunScrim(viewer, scrim);
        assertNoWinner(scrim);
        const dragged = participants.find((p) => p.userId === userId && p.kind === 'player');
        if (!dragged) throw conflict(SCRIM_MESSAGES.notAPlayer, 'NOT_A_PLAYER');
        const occupant = playerIn(participants, team, role);
        if (occupant?.userId === userId) return [];
        // The teams are no longer as they were balanced: the win probability comes from the live ratings again.
        await clearBalance({ db: tx, scrimId });
        if (!occupant) {
          await moveParticipant({ db: tx, scrimId, userId, team, role });
          // Moved to an empty slot: the one left goes to the waitlist.
          return promoteIntoFreedSlots({ db: tx, scrim, freed: [dragged] });
        }
        // Both slots are unique: take both players out and put them back exchanged.
        await deleteParticipant({ db: tx, scrimId, userId });
        await deleteParticipant({ db: tx, scrimId, userId: occupant.userId });
        await insertParticipants({
          db: tx,
          rows: [
            // Exchanged, each keeps when they joined and whether they were placed.
            { scrimId, userId, kind: 'player', team, role, joinedAt: dragged.joinedAt, placed: dragged.placed },
            {
              scrimId,
              userId: occupant.userId,
              kind: 'player',
              team: dragged.team,
              role: dragged.role,
              joinedAt: occupant.joinedAt,
              placed: occupant.placed,
            },
          ],
        });
        return [];
      },
    }),
    deps,
  );
}
