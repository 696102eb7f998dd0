import {
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
    rank: user.rank,
    discord: user.discord,
    isAdmin: user.isAdmin,
    isDonator: user.isDonator,
    profileBackgroundImg: user.profileBackgroundImg || DEFAULT_BACKGROUND_IMAGE,
    profileBackgroundBlur: user.profileBackgroundBlur || DEFAULT_BACKGROUND_BLUR,
    createdAt: user.createdAt.toISOString(),
    verified: user.riotLinkedAt !== null,
    rankSource: rankSourceOf(user),
  };
}

/** A linked account's rank is Riot's once it was read from Riot; any other rank is self-reported. */
export const rankSourceOf = (user: Pick<UserRow, 'riotLinkedAt' | 'rankRefreshedAt'>) =>
  user.riotLinkedAt !== null && user.rankRefreshedAt !== null ? ('riot' as const) : ('self' as const);

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
