import type { ProfileScrim, UserProfile } from '@scrim-gym/shared';
import { toPublicUser } from '../auth/index.js';
import type { ProfileVisibility } from './users.policy.js';
import type { BanRow, ProfileScrimRow, UserRow } from './users.repository.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A profile with only what this viewer may see (fields they may not see are absent, not null). */
export function presentProfile({
  user,
  friendsCount,
  ban,
  visibility,
  now = new Date(),
}: {
  user: UserRow;
  friendsCount: number;
  ban: BanRow | null;
  visibility: ProfileVisibility;
  now?: Date;
}): UserProfile {
  return {
    ...toPublicUser(user),
    friendsCount,
    ...(visibility.lastSeen && { lastSeenAt: iso(user.lastSeenAt) }),
    ...(visibility.lastLoggedIn && { lastLoggedIn: iso(user.lastLoggedIn) }),
    ...(visibility.ban && {
      currentBan: {
        isActive: Boolean(ban && ban.dateTo > now),
        dateFrom: iso(ban?.dateFrom ?? null),
        dateTo: iso(ban?.dateTo ?? null),
        reason: ban?.reason ?? null,
        _bannedBy: ban?.bannedBy ?? null,
      },
    }),
  };
}

function resultOf(row: ProfileScrimRow): ProfileScrim['result'] {
  if (!row.teamWon || !row.kind) return null;
  if (row.kind === 'caster') return 'casted';
  // A winner not confirmed yet is neither a win nor a loss: the row says where the result stands.
  if (row.resultStatus === 'pending' || row.resultStatus === 'disputed') return row.resultStatus;
  return row.team === row.teamWon ? 'won' : 'lost';
}

export function presentProfileScrim(row: ProfileScrimRow): ProfileScrim {
  return {
    _id: row.id,
    title: row.title,
    region: row.region,
    gameStartTime: row.gameStartTime.toISOString(),
    isPrivate: row.isPrivate,
    teamWon: row.teamWon,
    abandoned: row.abandonedAt !== null,
    playersCount: Number(row.playersCount),
    participation: row.kind,
    team: row.team,
    role: row.role,
    isLobbyHost: Boolean(row.isLobbyHost),
    result: resultOf(row),
  };
}
