import {
  ADMIN_MESSAGES,
  USER_BANNED_EVENT,
  type AdminUpdateUserResponse,
  type BanHistoryEntry,
  type BanUserResponse,
  type LiftExpiredBansResponse,
  type UserBannedEvent,
} from '@scrim-gym/shared';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { userRoom, type AppServer } from '../../plugins/io.js';
import {
  accountConflict,
  assertNameNotReserved,
  bannedError,
  deleteUserSessions,
  endUserSockets,
  findUserById,
  isBanInForce,
  toPublicUser,
  updateUserFields,
  type BanRow,
  type SessionForgetter,
} from '../auth/index.js';
import { AUDIT_ACTIONS, writeAudit } from '../audit/index.js';
import { presentBanHistory } from './admin.presenter.js';
import {
  findBanHistory,
  findBanInForce,
  findFlaggedBans,
  insertBan,
  liftBansOfUser,
  liftExpiredBans,
  lockUser,
} from './admin.repository.js';
import { cancelBanJobs, scheduleBanJobs } from './admin.schedule.js';

export interface AdminDeps {
  db: Database;
  io: AppServer;
  /** Every instance forgets the sessions of a user whose ban, host role or profile changed. */
  sessionForgetter: SessionForgetter;
}

const userNotFound = () => notFound(ADMIN_MESSAGES.userNotFound, 'USER_NOT_FOUND');

/**
 * Ends a banned user's presence at once: every session row goes, every instance forgets them (acknowledged), then
 * every socket of theirs goes, on every instance (through the Socket.IO adapter), after a 'userBanned' event that
 * lets the open tab show the ban text and sign out.
 */
export async function enforceBan({ db, io, sessionForgetter, ban }: AdminDeps & { ban: BanRow }) {
  await deleteUserSessions({ db, userId: ban.userId });
  await sessionForgetter.forget({ userId: ban.userId });
  disconnectBannedUser({ io, ban });
}

function disconnectBannedUser({ io, ban }: { io: AppServer; ban: BanRow }) {
  const event: UserBannedEvent = {
    message: bannedError(ban).message,
    dateTo: ban.dateTo.toISOString(),
    reason: ban.reason,
  };
  io.to(userRoom(ban.userId)).emit(USER_BANNED_EVENT, event);
  endUserSockets({ io, userId: ban.userId });
}

/**
 * POST /admin/banUser. Admins cannot be banned; a user has at most one ban flagged active (an expired one not
 * lifted yet is lifted first). A ban that has started ends the user's sessions and sockets now; one that starts
 * later does so at its dateFrom (job). Either way it is lifted at its dateTo by the expiry job.
 */
export async function banUser({
  deps,
  adminId,
  body,
}: {
  deps: AdminDeps;
  adminId: string;
  body: { banUserId: string; dateFrom: Date; dateTo: Date; reason: string };
}): Promise<BanUserResponse> {
  const now = new Date();
  if (body.dateTo <= now) throw badRequest(ADMIN_MESSAGES.banEndsInPast, 'VALIDATION');
  const ban = await deps.db.transaction(async (tx) => {
    const target = await lockUser({ db: tx, id: body.banUserId });
    if (!target) throw userNotFound();
    if (target.isAdmin) throw forbidden(ADMIN_MESSAGES.adminCannotBeBanned, 'ADMIN_NOT_BANNABLE');
    const stale = await liftExpiredBans({ db: tx, userId: target.id, liftedBy: adminId });
    if ((await findFlaggedBans({ db: tx, userId: target.id })).length > 0) {
      throw conflict(ADMIN_MESSAGES.alreadyBanned, 'ALREADY_BANNED');
    }
    const created = await insertBan({
      db: tx,
      ban: { userId: target.id, bannedBy: adminId, dateFrom: body.dateFrom, dateTo: body.dateTo, reason: body.reason },
    });
    await scheduleBanJobs({ db: tx, ban: created, now });
    if (isBanInForce(created, now)) await deleteUserSessions({ db: tx, userId: target.id });
    await writeAudit({
      db: tx,
      entries: [
        ...stale.map((b) => ({
          actorId: adminId,
          action: AUDIT_ACTIONS.liftExpired,
          targetUserId: b.userId,
          details: { banId: b.id },
        })),
        {
          actorId: adminId,
          action: AUDIT_ACTIONS.ban,
          targetUserId: target.id,
          details: {
            banId: created.id,
            dateFrom: created.dateFrom.toISOString(),
            dateTo: created.dateTo.toISOString(),
            reason: created.reason,
          },
        },
      ],
    });
    return created;
  });
  // Any ban changes what a session answers (its current ban): every instance forgets the user's sessions before
  // the answer, so none serves them from memory after it.
  await deps.sessionForgetter.forget({ userId: ban.userId });
  if (isBanInForce(ban, now)) disconnectBannedUser({ io: deps.io, ban });
  return {
    success: true,
    message: ADMIN_MESSAGES.userBanned,
    _id: ban.id,
    dateFrom: ban.dateFrom.toISOString(),
    dateTo: ban.dateTo.toISOString(),
    _bannedBy: adminId,
  };
}

/** POST /admin/unbanUser: lifts the user's ban (any flagged one); 409 when there is none. */
export async function unbanUser({ deps, adminId, userId }: { deps: AdminDeps; adminId: string; userId: string }) {
  await deps.db.transaction(async (tx) => {
    if (!(await lockUser({ db: tx, id: userId }))) throw userNotFound();
    const lifted = await liftBansOfUser({ db: tx, userId, liftedBy: adminId });
    if (lifted.length === 0) throw conflict(ADMIN_MESSAGES.notBanned, 'NOT_BANNED');
    for (const ban of lifted) await cancelBanJobs({ db: tx, banId: ban.id });
    await writeAudit({
      db: tx,
      entries: lifted.map((ban) => ({
        actorId: adminId,
        action: AUDIT_ACTIONS.unban,
        targetUserId: userId,
        details: { banId: ban.id },
      })),
    });
  });
  await deps.sessionForgetter.forget({ userId });
  return { success: true as const, message: ADMIN_MESSAGES.userUnbanned };
}

/** POST /admin/lift-expired-bans: every ban whose dateTo has passed and that is still flagged active. */
export async function liftAllExpiredBans({ deps, adminId }: { deps: AdminDeps; adminId: string }) {
  const lifted = await deps.db.transaction(async (tx) => {
    const rows = await liftExpiredBans({ db: tx, liftedBy: adminId });
    await writeAudit({
      db: tx,
      entries: rows.map((ban) => ({
        actorId: adminId,
        action: AUDIT_ACTIONS.liftExpired,
        targetUserId: ban.userId,
        details: { banId: ban.id },
      })),
    });
    return rows;
  });
  await deps.sessionForgetter.forget({ userIds: [...new Set(lifted.map((ban) => ban.userId))] });
  return {
    success: true,
    message: ADMIN_MESSAGES.liftedCount(lifted.length),
    lifted: lifted.length,
  } satisfies LiftExpiredBansResponse;
}

/**
 * The 'ban.expire' job: lifts the ban if it is still flagged active and its dateTo has passed. The conditional
 * UPDATE makes it exactly once however many runners race for it, and the audit row is written only by the run
 * that lifted it. Every instance then forgets the user's cached sessions (their ban is over).
 */
export async function liftBanOnExpiry({
  db,
  sessionForgetter,
  banId,
}: Pick<AdminDeps, 'db' | 'sessionForgetter'> & { banId: string }) {
  const lifted = await db.transaction(async (tx) => {
    const [lifted] = await liftExpiredBans({ db: tx, banId });
    if (!lifted) return null;
    await writeAudit({
      db: tx,
      entries: [{ actorId: null, action: AUDIT_ACTIONS.expire, targetUserId: lifted.userId, details: { banId } }],
    });
    return lifted;
  });
  if (lifted) await sessionForgetter.forget({ userId: lifted.userId });
  return lifted;
}

/** The 'ban.start' job: a ban set to start later has started; end the user's sessions and sockets. */
export async function enforceBanOnStart({ db, io, sessionForgetter, banId }: AdminDeps & { banId: string }) {
  const ban = await findBanInForce({ db, banId });
  if (ban) await enforceBan({ db, io, sessionForgetter, ban });
}

export async function listBanHistory({ db }: { db: Database }): Promise<BanHistoryEntry[]> {
  return (await findBanHistory({ db })).map(presentBanHistory);
}

/**
 * POST /admin/updateUser/:id: name, tagline and rank only (the body schema refuses anything else). A taken
 * name in the user's region is the sign-up's 409.
 */
export async function updateUserByAdmin({
  db,
  sessionForgetter,
  adminId,
  userId,
  fields,
}: Pick<AdminDeps, 'db' | 'sessionForgetter'> & {
  adminId: string;
  userId: string;
  fields: { name?: string; summonerTagline?: string; rank?: string };
}): Promise<AdminUpdateUserResponse> {
  const target = await findUserById({ db, id: userId });
  if (!target) throw userNotFound();
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  try {
    const updated = await db.transaction(async (tx) => {
      if (fields.name !== undefined && fields.name !== target.name) {
        await assertNameNotReserved({ db: tx, name: fields.name, region: target.region });
      }
      const row = await updateUserFields({ db: tx, id: userId, fields: changes });
      if (!row) throw userNotFound();
      const before = Object.fromEntries(Object.keys(changes).map((key) => [key, target[key as keyof typeof fields]]));
      await writeAudit({
        db: tx,
        entries: [
          {
            actorId: adminId,
            action: AUDIT_ACTIONS.updateUser,
            targetUserId: userId,
            details: { before, after: changes },
          },
        ],
      });
      return row;
    });
    // The user's sessions answer with their name, tagline and rank: no instance keeps the old ones.
    await sessionForgetter.forget({ userId });
    return { success: true, message: ADMIN_MESSAGES.userUpdated, user: toPublicUser(updated) };
  } catch (error) {
    throw (
      accountConflict(error, { name: fields.name ?? target.name, region: target.region, discord: target.discord }) ??
      error
    );
  }
}
