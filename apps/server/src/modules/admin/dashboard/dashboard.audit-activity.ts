import type { Activity } from '@scrim-gym/shared';
import { AUDIT_ACTIONS } from '../../audit/index.js';
import type { findNewestAuditEntries } from './dashboard.repository.js';

const SCRIM_ACTION_TEXTS: Record<string, string> = {
  [AUDIT_ACTIONS.editScrim]: 'edited',
  [AUDIT_ACTIONS.deleteScrim]: 'deleted',
  [AUDIT_ACTIONS.regenerateCode]: 'regenerated the tournament code of',
  [AUDIT_ACTIONS.assignPlayer]: 'assigned a player in',
  [AUDIT_ACTIONS.fillRandom]: 'filled the empty slots of',
  [AUDIT_ACTIONS.swapPlayers]: 'swapped players in',
  [AUDIT_ACTIONS.balanceTeams]: 'balanced the teams of',
  [AUDIT_ACTIONS.kickPlayer]: 'kicked a player from',
  [AUDIT_ACTIONS.removeCaster]: 'removed a caster from',
  [AUDIT_ACTIONS.setWinner]: 'set the winner of',
  [AUDIT_ACTIONS.addImage]: 'uploaded the post-game image of',
  [AUDIT_ACTIONS.removeImage]: 'deleted the post-game image of',
  [AUDIT_ACTIONS.cancelScrim]: 'cancelled',
  [AUDIT_ACTIONS.playerLeft]: 'left',
  [AUDIT_ACTIONS.substitute]: 'brought in a substitute in',
};

/** The regions' Discord webhooks (the URL itself, even masked, stays in the audit row's details). */
const DISCORD_ACTION_TEXTS: Record<string, (admin: string, region: string) => string> = {
  [AUDIT_ACTIONS.discordWebhookSet]: (admin, region) => `${admin} set the Discord webhook of ${region}`,
  [AUDIT_ACTIONS.discordWebhookRemove]: (admin, region) => `${admin} removed the Discord webhook of ${region}`,
  [AUDIT_ACTIONS.discordWebhookGone]: (_admin, region) =>
    `The Discord webhook of ${region} was deleted in Discord and removed`,
};

type AuditRow = Awaited<ReturnType<typeof findNewestAuditEntries>>[number];

/** The user an audit row is about, for the activity's link (nothing when the account is gone). */
const targetUserDetails = (row: AuditRow) =>
  row.targetUserId
    ? {
        userId: row.targetUserId,
        userName: row.targetUserName!,
        summonerTagline: row.targetUserTagline!,
        region: row.targetUserRegion!,
        rank: row.targetUserRank!,
      }
    : {};

export function auditActivity(row: AuditRow): Activity {
  // A community host's action on their own scrim reads "Name (host) edited scrim …".
  const asHost = row.details.asHost === true;
  const admin = row.actorName ? `${row.actorName}${asHost ? ' (host)' : ''}` : asHost ? 'A host' : 'An admin';
  const timestamp = row.at.toISOString();
  if (row.action === AUDIT_ACTIONS.adminKeyFailed) {
    return {
      _id: `audit:${row.id}`,
      type: 'user',
      description: `${row.targetUserName ?? 'A user'} entered a wrong admin key`,
      timestamp,
      status: 'refused',
      details: targetUserDetails(row),
    };
  }
  if (row.action === AUDIT_ACTIONS.clearCooldown) {
    const who = row.targetUserName ?? 'a user';
    return {
      _id: `audit:${row.id}`,
      type: 'user',
      description: `${admin} cleared ${who}'s no-show cooldown`,
      timestamp,
      status: 'updated',
      details: targetUserDetails(row),
    };
  }
  if (row.action === AUDIT_ACTIONS.grantHost || row.action === AUDIT_ACTIONS.revokeHost) {
    const user = row.targetUserName ?? 'a user';
    const region = typeof row.details.region === 'string' ? row.details.region : 'a region';
    return {
      _id: `audit:${row.id}`,
      type: 'user',
      description:
        row.action === AUDIT_ACTIONS.grantHost
          ? `${admin} made ${user} a community host of ${region}`
          : `${admin} removed ${user} as community host of ${region}`,
      timestamp,
      status: 'updated',
      details: targetUserDetails(row),
    };
  }
  if (row.action === AUDIT_ACTIONS.updateUser) {
    return {
      _id: `audit:${row.id}`,
      type: 'user',
      description: `${admin} updated ${row.targetUserName ?? 'a user'}'s profile`,
      timestamp,
      status: 'updated',
      details: targetUserDetails(row),
    };
  }
  const discord = DISCORD_ACTION_TEXTS[row.action];
  if (discord) {
    const region = typeof row.details.region === 'string' ? row.details.region : undefined;
    return {
      _id: `audit:${row.id}`,
      type: 'scrim',
      description: discord(row.actorName ? row.actorName : 'An admin', region ?? 'a region'),
      timestamp,
      status: row.action === AUDIT_ACTIONS.discordWebhookSet ? 'updated' : 'deleted',
      details: { ...(region && { region }) },
    };
  }
  const title = row.scrimTitle ?? (typeof row.details.title === 'string' ? row.details.title : 'a scrim');
  if (row.action === AUDIT_ACTIONS.noShowPenalty) {
    const strikes = typeof row.details.strikes === 'number' ? row.details.strikes : null;
    return {
      _id: `audit:${row.id}`,
      type: 'user',
      description: `${row.targetUserName ?? 'A player'} did not show up for scrim "${title}"${strikes ? ` (no-show ${strikes})` : ''}`,
      timestamp,
      status: 'updated',
      details: targetUserDetails(row),
    };
  }
  const verb = SCRIM_ACTION_TEXTS[row.action] ?? row.action;
  return {
    _id: `audit:${row.id}`,
    type: 'scrim',
    description: `${admin} ${verb} scrim "${title}"`,
    timestamp,
    status: row.action === AUDIT_ACTIONS.deleteScrim ? 'deleted' : 'updated',
    details: { ...(row.scrimId && { scrimId: row.scrimId }), ...(row.scrimRegion && { region: row.scrimRegion }) },
  };
}
