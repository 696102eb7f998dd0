import type { BanHistoryEntry, BanStatus } from '@scrim-gym/shared';
import type { BanRow } from '../auth/index.js';
import type { BanHistoryRow } from './admin.repository.js';

/** Ban states: active; expired but not lifted; lifted. */
export function banStatus(ban: Pick<BanRow, 'isActive'>, expired: boolean): BanStatus {
  if (!ban.isActive) return 'lifted';
  return expired ? 'expired' : 'active';
}

const summary = (user: {
  id: string;
  name: string;
  summonerTagline: string;
  region: BanHistoryEntry['_user']['region'];
}) => ({
  _id: user.id,
  name: user.name,
  summonerTagline: user.summonerTagline,
  region: user.region,
});

export function presentBanHistory({ ban, user, bannedBy, expired }: BanHistoryRow): BanHistoryEntry {
  return {
    _id: ban.id,
    _user: summary(user),
    _bannedBy: bannedBy ? summary(bannedBy) : null,
    dateFrom: ban.dateFrom.toISOString(),
    dateTo: ban.dateTo.toISOString(),
    isActive: ban.isActive,
    status: banStatus(ban, expired),
    reason: ban.reason,
    liftedAt: ban.liftedAt?.toISOString() ?? null,
    createdAt: ban.createdAt.toISOString(),
  };
}
