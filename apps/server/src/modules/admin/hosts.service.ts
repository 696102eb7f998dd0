import { ADMIN_MESSAGES, type CommunityHost, type Region } from '@scrim-gym/shared';
import { conflict, notFound } from '../../lib/errors.js';
import { hostRoom, userRoom } from '../../plugins/io.js';
import { findHostRegionsOfUser } from '../auth/index.js';
import { AUDIT_ACTIONS, writeAudit } from '../audit/index.js';
import { toScrimUser } from '../scrims/index.js';
import type { AdminDeps } from './admin.service.js';
import { deleteHosts, findAllHosts, insertHost, lockHostCandidate, type HostUserRow } from './hosts.repository.js';

/*
 * Community hosts: an admin grants a user the host role of a region; the host creates scrims there and
 * runs their own (scrims/core/scrims.policy.ts: canRunScrim). The regions are read with the session, so after a grant or a
 * revoke every instance forgets the user's cached sessions (acknowledged) before the answer: the change holds on
 * the next request everywhere. Their sockets join or leave the host rooms that carry their scrims' lobby secrets.
 */

const userNotFound = () => notFound(ADMIN_MESSAGES.userNotFound, 'USER_NOT_FOUND');

const presentHost = (user: HostUserRow, regions: Region[]): CommunityHost => ({ user: toScrimUser(user), regions });

/** The user's sessions answer with their new regions on every instance, and their open sockets follow. */
async function applyHostChange(deps: AdminDeps, userId: string, change: { join?: Region[]; leave?: Region[] }) {
  await deps.sessionForgetter.forget({ userId });
  const sockets = deps.io.in(userRoom(userId));
  for (const region of change.join ?? []) sockets.socketsJoin(hostRoom(userId, region));
  for (const region of change.leave ?? []) sockets.socketsLeave(hostRoom(userId, region));
}

/** GET /admin/hosts: every live account that hosts a region, with its regions. */
export async function listHosts({ db }: Pick<AdminDeps, 'db'>): Promise<CommunityHost[]> {
  const byUser = new Map<string, { user: HostUserRow; regions: Region[] }>();
  for (const { user, region } of await findAllHosts({ db })) {
    const entry = byUser.get(user.id) ?? { user, regions: [] };
    entry.regions.push(region);
    byUser.set(user.id, entry);
  }
  return [...byUser.values()].map(({ user, regions }) => presentHost(user, regions));
}

/**
 * POST /admin/hosts: the user hosts `region` from now on. Unknown or deleted account: 404; banned: 409 (lift the
 * ban first); already a host of it: 409. Nothing is written then.
 */
export async function grantHost({
  deps,
  adminId,
  userId,
  region,
}: {
  deps: AdminDeps;
  adminId: string;
  userId: string;
  region: Region;
}): Promise<CommunityHost> {
  const host = await deps.db.transaction(async (tx) => {
    const target = await lockHostCandidate({ db: tx, id: userId });
    if (!target) throw userNotFound();
    const { banned, ...user } = target;
    if (banned) throw conflict(ADMIN_MESSAGES.bannedCannotHost, 'USER_BANNED');
    if (!(await insertHost({ db: tx, userId, region, grantedBy: adminId }))) {
      throw conflict(ADMIN_MESSAGES.alreadyHost(region), 'ALREADY_HOST');
    }
    await writeAudit({
      db: tx,
      entries: [{ actorId: adminId, action: AUDIT_ACTIONS.grantHost, targetUserId: userId, details: { region } }],
    });
    return presentHost(user, await findHostRegionsOfUser({ db: tx, userId }));
  });
  await applyHostChange(deps, userId, { join: [region] });
  return host;
}

/**
 * DELETE /admin/hosts/:userId: the user hosts no region any more, or (`region`) not that one. Their scrims keep
 * "Hosted by" them, but they no longer run them (canRunScrim). Unknown or deleted account: 404; not a host (of
 * that region): 404.
 */
export async function revokeHost({
  deps,
  adminId,
  userId,
  region,
}: {
  deps: AdminDeps;
  adminId: string;
  userId: string;
  region?: Region;
}): Promise<CommunityHost> {
  const { host, revoked } = await deps.db.transaction(async (tx) => {
    const target = await lockHostCandidate({ db: tx, id: userId });
    if (!target) throw userNotFound();
    const { banned: _banned, ...user } = target;
    const revoked = await deleteHosts({ db: tx, userId, region });
    if (revoked.length === 0) {
      throw notFound(region ? ADMIN_MESSAGES.notAHostOf(region) : ADMIN_MESSAGES.notAHost, 'NOT_A_HOST');
    }
    await writeAudit({
      db: tx,
      entries: revoked.map((r) => ({
        actorId: adminId,
        action: AUDIT_ACTIONS.revokeHost,
        targetUserId: userId,
        details: { region: r },
      })),
    });
    return { host: presentHost(user, await findHostRegionsOfUser({ db: tx, userId })), revoked };
  });
  await applyHostChange(deps, userId, { leave: revoked });
  return host;
}
