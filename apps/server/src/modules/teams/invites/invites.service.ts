import {
  TEAM_INVITE_DAYS,
  TEAM_JOIN_PATH,
  TEAM_MESSAGES,
  type OpenTeamInvite,
  type TeamInvite,
} from '@scrim-gym/shared';
import type { AppConfig } from '../../../config.js';
import type { Database } from '../../../db/client.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { createToken, hashToken } from '../../../lib/tokens.js';
import type { Viewer } from '../../auth/index.js';
import { addInvitedMember, getTeam, lockTeam, lockTeamForCaptain } from '../teams.service.js';
import * as repo from './invites.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InviteDeps {
  db: Database;
  config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>;
}

/** The page an invite link opens: PUBLIC_URL (else the local server) + /teams/join/<token>. */
const inviteUrl = (config: InviteDeps['config'], token: string) =>
  `${(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '')}${TEAM_JOIN_PATH}${token}`;

/**
 * A captain's invite link: a random token (256 bits) that only this answer ever holds; the database keeps its
 * SHA-256, like a session's. It works for TEAM_INVITE_DAYS, for as many players as it reaches, until revoked.
 */
export async function createInvite({
  deps,
  viewer,
  teamId,
}: {
  deps: InviteDeps;
  viewer: Viewer;
  teamId: string;
}): Promise<TeamInvite> {
  const token = createToken();
  const invite = await deps.db.transaction(async (tx) => {
    await lockTeamForCaptain({ tx, teamId, viewer });
    return repo.insertInvite({
      db: tx,
      invite: {
        teamId,
        tokenHash: hashToken(token),
        createdBy: viewer.id,
        expiresAt: new Date(Date.now() + TEAM_INVITE_DAYS * DAY_MS),
      },
    });
  });
  return { _id: invite.id, url: inviteUrl(deps.config, token), token, expiresAt: invite.expiresAt.toISOString() };
}

/**
 * A captain's list of the team's open links, read under the team's lock like every captain action (so a link
 * revoked or a captaincy taken away that committed first is seen).
 */
export async function listOpenInvites({
  db,
  viewer,
  teamId,
}: {
  db: Database;
  viewer: Viewer;
  teamId: string;
}): Promise<OpenTeamInvite[]> {
  const rows = await db.transaction(async (tx) => {
    await lockTeamForCaptain({ tx, teamId, viewer });
    return repo.findOpenInvites({ db: tx, teamId, now: new Date() });
  });
  return rows.map((row) => ({
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    createdBy: row.makerId && row.makerName !== null ? { _id: row.makerId, name: row.makerName } : null,
  }));
}

const inviteNotFound = () => notFound(TEAM_MESSAGES.inviteNotFound, 'INVITE_NOT_FOUND');

/** A captain revokes an invite link of the team; revoking one already revoked changes nothing. */
export async function revokeInvite({
  db,
  viewer,
  teamId,
  inviteId,
}: {
  db: Database;
  viewer: Viewer;
  teamId: string;
  inviteId: string;
}) {
  await db.transaction(async (tx) => {
    await lockTeamForCaptain({ tx, teamId, viewer });
    const invite = await repo.findInvite({ db: tx, teamId, id: inviteId });
    if (!invite) throw inviteNotFound();
    if (!invite.revokedAt) await repo.revokeInviteRow({ db: tx, id: invite.id, at: new Date() });
  });
}

/**
 * Joins the team of an invite link that is neither revoked nor expired, as a Sub. The team is locked before the
 * invite is judged, so a revocation or a deletion that commits first is seen.
 */
export async function joinByInvite({ db, viewer, token }: { db: Database; viewer: Viewer; token: string }) {
  const teamId = await db.transaction(async (tx) => {
    const found = await repo.findInviteByTokenHash({ db: tx, tokenHash: hashToken(token) });
    if (!found) throw inviteNotFound();
    await lockTeam({ tx, teamId: found.teamId });
    const invite = await repo.findInvite({ db: tx, teamId: found.teamId, id: found.id });
    if (!invite) throw inviteNotFound();
    if (invite.revokedAt) throw conflict(TEAM_MESSAGES.inviteRevoked, 'INVITE_REVOKED');
    if (invite.expiresAt <= new Date()) throw conflict(TEAM_MESSAGES.inviteExpired, 'INVITE_EXPIRED');
    await addInvitedMember({ tx, teamId: invite.teamId, userId: viewer.id });
    return invite.teamId;
  });
  return getTeam({ db, id: teamId });
}
