import { RIOT_LINK_MESSAGES, rankFromLeagueEntries } from '@scrim-gym/shared';
import type { Database } from '../../../db/client.js';
import { AppError, conflict, uniqueViolation } from '../../../lib/errors.js';
import { accountConflict, findUserById, forgetSessions } from '../../auth/index.js';
import { isRiotError, type RiotAccount, type RiotClient, type RiotRegion } from '../client/index.js';
import {
  isPuuidLinkedElsewhere,
  linkAccount,
  unlinkAccount,
  updateLinkedProfile,
  type LinkedUserRow,
  type RiotProfile,
} from './link.repository.js';
import { RANK_REFRESH_INTERVAL_MS, cancelRankRefresh, scheduleRankRefresh } from './link.schedule.js';

export interface RiotLinkDeps {
  db: Database;
  /** Socket.IO server: every instance forgets the user's cached sessions after a change. */
  io: object;
  riot: RiotClient;
}

/** Riot could not answer (or refused): the API's 502, with the Riot error as its cause (logged, never sent). */
const riotFailed = (error: unknown, message: string = RIOT_LINK_MESSAGES.riotUnavailable) =>
  new AppError(502, 'RIOT_FAILED', message, {}, error);

const notLinked = () => conflict(RIOT_LINK_MESSAGES.notLinked, 'RIOT_NOT_LINKED');

/** A Riot ID as the app stores a name: trimmed, runs of spaces as one. */
const cleanName = (text: string) => text.trim().replace(/\s+/g, ' ');

/** Riot's Solo/Duo rank of the account on the user's region, or null when league-v4 cannot be read now. */
async function readRank(riot: RiotClient, puuid: string, region: RiotRegion, strict: boolean) {
  try {
    return rankFromLeagueEntries(await riot.getLeagueEntries({ puuid, region, fresh: true }));
  } catch (error) {
    if (strict || !isRiotError(error)) throw error;
    return null;
  }
}

function profileOf(account: RiotAccount, rank: string | null): RiotProfile | null {
  if (!account.gameName?.trim() || !account.tagLine?.trim()) return null;
  return { name: cleanName(account.gameName), summonerTagline: account.tagLine.trim(), rank };
}

/**
 * Links the Riot account behind an RSO access token to the user: account-v1 `accounts/me` (the PUUID and the
 * Riot ID), league-v4 (the Solo/Duo rank; when it cannot be read now, the link stands and the job reads it), then
 * one transaction that writes the user and schedules the daily refresh. A PUUID linked to someone else, or a
 * Riot ID whose name another player has in the region, is a 409 and nothing is written.
 */
export async function linkRiotAccount({
  deps,
  user,
  accessToken,
  now = new Date(),
}: {
  deps: RiotLinkDeps;
  user: LinkedUserRow;
  accessToken: string;
  now?: Date;
}) {
  const { db, riot } = deps;
  let account: RiotAccount;
  try {
    account = await riot.getAccountByAccessToken({ accessToken, region: user.region });
  } catch (error) {
    throw riotFailed(error);
  }
  const rank = await readRank(riot, account.puuid, user.region, false);
  const profile = profileOf(account, rank);
  if (!profile) throw riotFailed(null, RIOT_LINK_MESSAGES.noRiotId);
  if (await isPuuidLinkedElsewhere({ db, puuid: account.puuid, userId: user.id })) {
    throw conflict(RIOT_LINK_MESSAGES.accountTaken, 'RIOT_ACCOUNT_TAKEN');
  }
  let linked: LinkedUserRow | null;
  try {
    linked = await db.transaction(async (tx) => {
      const row = await linkAccount({ db: tx, userId: user.id, puuid: account.puuid, profile, at: now });
      // A rank Riot could not give now is read by the job within minutes, else the next one is in a day.
      const runAt = new Date(now.getTime() + (rank === null ? 5 * 60_000 : RANK_REFRESH_INTERVAL_MS));
      if (row) await scheduleRankRefresh({ db: tx, userId: user.id, runAt });
      return row;
    });
  } catch (error) {
    // A race with another link of the same account may trip the name index before the PUUID one (the winner
    // took the same Riot ID): the account being linked elsewhere now is the reason to give.
    const constraint = uniqueViolation(error);
    if (
      constraint === 'users_linked_puuid_uq' ||
      (constraint !== null && (await isPuuidLinkedElsewhere({ db, puuid: account.puuid, userId: user.id })))
    ) {
      throw conflict(RIOT_LINK_MESSAGES.accountTaken, 'RIOT_ACCOUNT_TAKEN');
    }
    throw accountConflict(error, { name: profile.name, region: user.region, discord: user.discord }) ?? error;
  }
  if (!linked) throw notLinked();
  await forgetSessions({ io: deps.io, userId: user.id });
  return linked;
}

/** Unlinks the user's Riot account: the rank stays, self-reported; the daily refresh stops. 409 when none. */
export async function unlinkRiotAccount({ deps, userId }: { deps: RiotLinkDeps; userId: string }) {
  const row = await deps.db.transaction(async (tx) => {
    const unlinked = await unlinkAccount({ db: tx, userId });
    if (unlinked) await cancelRankRefresh({ db: tx, userId });
    return unlinked;
  });
  if (!row) throw notLinked();
  await forgetSessions({ io: deps.io, userId });
  return row;
}

/**
 * Reads the linked account's Riot ID (account-v1 by PUUID) and Solo/Duo rank (league-v4) from Riot again, past
 * the client's cache, and writes them. A Riot ID whose name another player has taken meanwhile is a 409 on
 * demand (nothing written); the job (`keepNameOnClash`) keeps the old name and still writes the rank.
 */
export async function refreshRiotAccount({
  deps,
  userId,
  keepNameOnClash = false,
  now = new Date(),
}: {
  deps: RiotLinkDeps;
  userId: string;
  keepNameOnClash?: boolean;
  now?: Date;
}) {
  const { db, riot } = deps;
  const user = await findUserById({ db, id: userId });
  if (!user?.riotLinkedAt || !user.riotPuuid) throw notLinked();
  const puuid = user.riotPuuid;
  let account: RiotAccount;
  let rank: string | null;
  try {
    [account, rank] = await Promise.all([
      riot.getAccountByPuuid({ puuid, region: user.region, fresh: true }),
      readRank(riot, puuid, user.region, true),
    ]);
  } catch (error) {
    throw riotFailed(error);
  }
  // Riot always names an account; should it not, the name stays.
  const profile = profileOf(account, rank) ?? { name: user.name, summonerTagline: user.summonerTagline, rank };
  const write = (keepName: boolean) => updateLinkedProfile({ db, userId, puuid, profile, keepName, at: now });
  let row: LinkedUserRow | null;
  try {
    row = await write(false);
  } catch (error) {
    const clash = accountConflict(error, { name: profile.name, region: user.region, discord: user.discord });
    if (!clash) throw error;
    if (!keepNameOnClash) throw clash;
    row = await write(true);
  }
  if (!row) throw notLinked();
  await forgetSessions({ io: deps.io, userId });
  return row;
}
