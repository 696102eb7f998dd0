import type { DbOrTx } from '../../db/client.js';
import { insertAuditEntries, type AuditEntry } from './audit.repository.js';

/** What the audit log records (audit_log.action). */
export const AUDIT_ACTIONS = {
  ban: 'ban.create',
  unban: 'ban.lift',
  liftExpired: 'ban.lift-expired',
  /** The ban expiry job lifted a ban (no actor). */
  expire: 'ban.expire',
  updateUser: 'user.update',
  createScrim: 'scrim.create',
  editScrim: 'scrim.update',
  deleteScrim: 'scrim.delete',
  regenerateCode: 'scrim.regenerate-code',
  assignPlayer: 'scrim.assign-player',
  fillRandom: 'scrim.fill-random',
  swapPlayers: 'scrim.swap-players',
  balanceTeams: 'scrim.balance-teams',
  kickPlayer: 'scrim.kick-player',
  removeCaster: 'scrim.remove-caster',
  setWinner: 'scrim.set-winner',
  addImage: 'scrim.add-image',
  removeImage: 'scrim.remove-image',
  /** A host or admin cancelled a scrim (details: the reason). */
  cancelScrim: 'scrim.cancel',
  /** A player left a scrim late (under 2 h before the start) or with a reason (actor: the player). */
  playerLeft: 'scrim.player-left',
  /** A no-show's penalty (no actor; details: strikes, cooldownUntil, null for the first one's warning). */
  noShowPenalty: 'user.no-show-penalty',
  /** An admin cleared a user's no-show cooldown and strikes (details: what they were). */
  clearCooldown: 'user.clear-cooldown',
  /** A host or an admin replaced a player who did not come (target: the absentee; details: the substitute). */
  substitute: 'scrim.substitute',
  /** An admin made a user a community host of a region (details: the region). */
  grantHost: 'host.grant',
  /** An admin took a region's host role from a user (details: the region). */
  revokeHost: 'host.revoke',
  /** A wrong admin key in Settings (actor and target: the user who tried; details: their address). */
  adminKeyFailed: 'auth.admin-key-failed',
  /** A region's Discord webhook set or removed by an admin (details: region, the URL masked). */
  discordWebhookSet: 'discord.webhook-set',
  discordWebhookRemove: 'discord.webhook-remove',
  /** Discord answered 401/404 (the webhook was deleted there): the server removed it (no actor). */
  discordWebhookGone: 'discord.webhook-gone',
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

/** Ban actions are shown in Recent Activity from the bans table itself, so older bans show too. */
const BAN_AUDIT_ACTIONS: readonly string[] = [
  AUDIT_ACTIONS.ban,
  AUDIT_ACTIONS.unban,
  AUDIT_ACTIONS.liftExpired,
  AUDIT_ACTIONS.expire,
];

/**
 * Audit actions Recent Activity does not list from the audit log: bans (from the bans table) and scrim creation
 * (from the scrims table: "New scrim … created by {admin}"), so each event is listed once.
 */
export const ACTIVITY_FROM_OWN_TABLES: readonly string[] = [...BAN_AUDIT_ACTIONS, AUDIT_ACTIONS.createScrim];

export function writeAudit({ db, entries }: { db: DbOrTx; entries: (AuditEntry & { action: AuditAction })[] }) {
  return insertAuditEntries({ db, entries });
}
