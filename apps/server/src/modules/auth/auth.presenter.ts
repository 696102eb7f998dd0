import {
  countedRank,
  DEFAULT_BACKGROUND_BLUR,
  DEFAULT_BACKGROUND_IMAGE,
  type CurrentUser,
  type PublicUser,
  type Region,
} from '@scrim-gym/shared';
import type { BanRow, UserRow } from './auth.repository.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toPublicUser(user: UserRow): PublicUser {
  return {
    _id: user.id,
    name: user.name,
    summonerTagline: user.summonerTagline,
    region: user.region,
    rank: countedRank(user),
    discord: user.discord,
    isAdmin: user.isAdmin,
    isDonator: user.isDonator,
    profileBackgroundImg: user.profileBackgroundImg || DEFAULT_BACKGROUND_IMAGE,
    profileBackgroundBlur: user.profileBackgroundBlur || DEFAULT_BACKGROUND_BLUR,
    createdAt: user.createdAt.toISOString(),
    verified: user.riotLinkedAt !== null,
    rankSource: rankSourceOf(user),
    ...(user.riotRank !== null && user.riotRank !== user.rank && { selfReportedRank: user.rank }),
  };
}

/** The rank is Riot's once Riot's Solo/Duo rank was read for the account; a typed one is self-reported. */
export const rankSourceOf = (user: Pick<UserRow, 'riotRank'>) =>
  user.riotRank !== null ? ('riot' as const) : ('self' as const);

export function toCurrentUser(
  user: UserRow,
  ban: BanRow | null = null,
  hostRegions: readonly Region[] = [],
): CurrentUser {
  return {
    ...toPublicUser(user),
    uid: user.uid,
    email: user.email ?? '',
    canSendEmailsToUser: user.canSendEmailsToUser,
    lastLoggedIn: iso(user.lastLoggedIn),
    currentBan: {
      isActive: Boolean(ban?.isActive),
      dateFrom: iso(ban?.dateFrom ?? null),
      dateTo: iso(ban?.dateTo ?? null),
      _bannedBy: ban?.bannedBy ?? null,
    },
    primaryRole: user.primaryRole,
    secondaryRole: user.secondaryRole,
    riotAccount: user.riotLinkedAt
      ? { linkedAt: user.riotLinkedAt.toISOString(), rankRefreshedAt: iso(user.rankRefreshedAt) }
      : null,
    hostRegions: [...hostRegions],
  };
}
