import { RIOT_LINK_MESSAGES, rankFromLeagueEntries } from '@scrim-gym/shared';
import type { Database } from '../../../db/client.js';
import { AppError, conflict, uniqueViolation } from '../../../lib/errors.js';
import {
  accountConflict,
  findUserById,
  releaseNameReservations,
  reserveVerifiedName,
  type SessionForgetter,
} from '../../auth/index.js';
import type { JobRunner } from '../../../jobs/index.js';
import type { Notifier, StoredNotification } from '../../notifications/index.js';
import { isRiotError, type RiotAccount, type RiotClient, type RiotRegion } from '../client/index.js';
import {
  isPuuidLinkedElsewhere,
  linkAccount,
  unlinkAccount,
  updateLinkedProfile,
  type LinkedUserRow,
  type RiotProfile,
} from './link.repository.js';
import { recheckCodesFor } from '../tournaments/tournaments.participants.js';
import { takeVerifiedName } from './link.names.js';
import { RANK_REFRESH_INTERVAL_MS, cancelRankRefresh, scheduleRankRefresh } from './link.schedule.js';

export interface RiotLinkDeps {
  db: Database;
  /** Every instance forgets the cached sessions of the users a link, unlink or refresh changed. */
  sessionForgetter: SessionForgetter;
  /** Publishes, after the commit, the notifications of the users whose look-alike name a verified one took. */
  notifier: Notifier;
  riot: RiotClient;
  /** Woken when a code that could not list the user is sent again (recheckCodesFor). */
  jobs?: JobRunner;
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
 * one transaction that writes the user and schedules the daily refresh. The verified Riot ID wins its name:
 * unverified accounts holding it or a look-alike are renamed and told why (link.names.ts), and the account's own
 * reservation (from an earlier unlink) ends. A PUUID linked to someone else, a name another verified account
 * holds, or a name reserved for another Riot account is a 409 and nothing is written.
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
  const { puuid } = account;
  if (await isPuuidLinkedElsewhere({ db, puuid, userId: user.id })) {
    throw conflict(RIOT_LINK_MESSAGES.accountTaken, 'RIOT_ACCOUNT_TAKEN');
  }
  const attempt = () =>
    db.transaction(async (tx) => {
      const holders = await takeVerifiedName({
        db: tx,
        name: profile.name,
        region: user.region,
        userId: user.id,
        riotPuuid: puuid,
        now,
      });
      const row = await linkAccount({ db: tx, userId: user.id, puuid, profile, at: now });
      if (!row) return { row, ...holders };
      await releaseNameReservations({ db: tx, riotPuuid: puuid });
      // A rank Riot could not give now is read by the job within minutes, else the next one is in a day.
      const runAt = new Date(now.getTime() + (rank === null ? 5 * 60_000 : RANK_REFRESH_INTERVAL_MS));
      await scheduleRankRefresh({ db: tx, userId: user.id, runAt });
      return { row, ...holders };
    });
  let result: { row: LinkedUserRow | null; renamed: string[]; notifications: StoredNotification[] };
  try {
    result = await retryOnNameClash(attempt);
  } catch (error) {
    // A race with another link of the same account may trip the name index before the PUUID one (the winner
    // took the same Riot ID): the account being linked elsewhere now is the reason to give.
    const constraint = uniqueViolation(error);
    if (
      constraint === 'users_linked_puuid_uq' ||
      (constraint !== null && (await isPuuidLinkedElsewhere({ db, puuid, userId: user.id })))
    ) {
      throw conflict(RIOT_LINK_MESSAGES.accountTaken, 'RIOT_ACCOUNT_TAKEN');
    }
    throw accountConflict(error, { name: profile.name, region: user.region, discord: user.discord }) ?? error;
  }
  if (!result.row) throw notLinked();
  deps.notifier.publish(result.notifications);
  for (const userId of [user.id, ...result.renamed]) await deps.sessionForgetter.forget({ userId });
  await recheckCodesFor(deps, user.id);
  return result.row;
}

const isNameClash = (error: unknown) => {
  const constraint = uniqueViolation(error);
  return constraint === 'users_name_region_uq' || constraint === 'users_name_skeleton_region_uq';
};

/**
 * An unverified account that took the name while `attempt` ran is renamed by a second attempt; a verified one
 * keeps it (the name index refuses the second attempt too).
 */
async function retryOnNameClash<T>(attempt: () => Promise<T>) {
  try {
    return await attempt();
  } catch (error) {
    if (!isNameClash(error)) throw error;
    return attempt();
  }
}

/**
 * Unlinks the user's Riot account: the rank stays, self-reported; the daily refresh stops; the verified name is
 * reserved for the Riot account for RIOT_NAME_RESERVATION_MS (nobody else may set or link it meanwhile). 409 when
 * none is linked.
 */
export async function unlinkRiotAccount({
  deps,
  userId,
  now = new Date(),
}: {
  deps: RiotLinkDeps;
  userId: string;
  now?: Date;
}) {
  const row = await deps.db.transaction(async (tx) => {
    const unlinked = await unlinkAccount({ db: tx, userId });
    if (!unlinked) return null;
    await cancelRankRefresh({ db: tx, userId });
    if (unlinked.riotPuuid) {
      await reserveVerifiedName({
        db: tx,
        name: unlinked.name,
        region: unlinked.region,
        riotPuuid: unlinked.riotPuuid,
        now,
      });
    }
    return unlinked;
  });
  if (!row) throw notLinked();
  await deps.sessionForgetter.forget({ userId });
  return row;
}

/**
 * Reads the linked account's Riot ID (account-v1 by PUUID) and Solo/Duo rank (league-v4) from Riot again, past
 * the client's cache, and writes them in one transaction. The Riot ID wins its name as on link: unverified
 * accounts holding it or a look-alike are renamed and told why (link.names.ts). A name another verified account
 * holds, or one reserved for another Riot account, is a 409 on demand (nothing written); the job
 * (`keepNameOnClash`) keeps the old name and still writes the rank.
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
  // The Riot ID wins its name as on link: unverified holders of it or a look-alike are renamed and told why.
  const write = (keepName: boolean) =>
    db.transaction(async (tx) => {
      const holders = keepName
        ? { renamed: [], notifications: [] }
        : await takeVerifiedName({ db: tx, name: profile.name, region: user.region, userId, riotPuuid: puuid, now });
      const row = await updateLinkedProfile({ db: tx, userId, puuid, profile, keepName, at: now });
      if (!row) throw notLinked();
      return { row, ...holders };
    });
  let result: { row: LinkedUserRow; renamed: string[]; notifications: StoredNotification[] };
  try {
    result = await retryOnNameClash(() => write(false));
  } catch (error) {
    const clash =
      error instanceof AppError && error.code === 'NAME_TAKEN'
        ? error
        : accountConflict(error, { name: profile.name, region: user.region, discord: user.discord });
    if (!clash) throw error;
    if (!keepNameOnClash) throw clash;
    result = await write(true);
  }
  deps.notifier.publish(result.notifications);
  for (const id of [userId, ...result.renamed]) await deps.sessionForgetter.forget({ userId: id });
  await recheckCodesFor(deps, userId);
  return result.row;
}
