import type { TeamName } from '@scrim-gym/shared';
import type { Database } from '../../../db/client.js';
import { isRiotError, type RiotClient, type RiotError } from '../client/index.js';
import { findBenchAccounts, findPlayerAccounts, storePuuids } from './tournaments.repository.js';

/** Who a tournament code should let in, as Riot's allowedParticipants and as the scrim page shows it. */
export interface AllowedParticipants {
  /** The seated players as `team:userId`, sorted: the roster the code follows (a side swap changes it too). */
  roster: string[];
  /** The PUUIDs to allow, Blue's players first; null when one is unknown: then the code stays open to anyone. */
  puuids: string[] | null;
  /** The seated players whose PUUID is unknown (no Riot account Riot knows): they cannot be on the list. */
  cannotJoin: string[];
}

const TEAM_ORDER: Record<TeamName, number> = { teamOne: 0, teamTwo: 1 };

/** The roster a code follows, from the seated players: `team:userId`, sorted. */
export const rosterOf = (players: readonly { userId: string; team: TeamName }[]) =>
  players.map((player) => `${player.team}:${player.userId}`).sort();

/**
 * The PUUIDs of the scrim's seated players, and of a series game's bench (its lineups' players not seated: a
 * substitution must not lock a sub out). A PUUID from Riot Sign On is Riot's own answer and is used as it is; the
 * others are looked up by Riot ID (account-v1, cached 30 min by the client) and stored on the users so that a game
 * result can name the winning side later. A Riot ID that Riot does not know clears the stored PUUID; a look-up that
 * fails for a transient reason (rate limited, 5xx, network) keeps it. The list is all of them, Blue first, or null
 * when one is unknown to Riot: then the code stays open to whoever has it, since allowedParticipants would lock that
 * player out of the lobby. A PUUID still unknown because Riot could not be asked throws that transient error: a code
 * made without it could never be matched to its game, so the caller's job retries instead.
 */
export async function resolveAllowedParticipants(
  { db, riot }: { db: Database; riot: RiotClient },
  scrimId: string,
): Promise<AllowedParticipants> {
  const seated = (await findPlayerAccounts({ db, scrimId })).sort((a, b) => TEAM_ORDER[a.team] - TEAM_ORDER[b.team]);
  const players = [...seated, ...(await findBenchAccounts({ db, scrimId }))];
  const found = new Map<string, string | null>();
  const unreachable = new Map<string, RiotError>();
  await Promise.all(
    players.map(async (player) => {
      if (player.riotLinkedAt && player.riotPuuid) return;
      try {
        const { name: gameName, summonerTagline: tagLine, region } = player;
        found.set(player.userId, (await riot.getAccountByRiotId({ gameName, tagLine, region })).puuid);
      } catch (error) {
        if (isRiotError(error) && error.kind === 'not_found') found.set(player.userId, null);
        else if (isRiotError(error) && error.isTransient) unreachable.set(player.userId, error);
      }
    }),
  );
  await storePuuids({ db, puuids: found });
  const puuidOf = (player: (typeof players)[number]) =>
    found.has(player.userId) ? found.get(player.userId) : player.riotPuuid;
  const failure = players.map((player) => (puuidOf(player) ? undefined : unreachable.get(player.userId))).find(Boolean);
  if (failure) throw failure;
  const puuids = players.map(puuidOf);
  return {
    roster: rosterOf(seated),
    puuids: puuids.every(Boolean) ? (puuids as string[]) : null,
    cannotJoin: seated.filter((player) => !puuidOf(player)).map((player) => player.userId),
  };
}
