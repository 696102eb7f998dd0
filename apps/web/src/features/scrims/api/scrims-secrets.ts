import type { Scrim, ScrimSecrets } from '@scrim-gym/shared';

/**
 * The hub's list is the same bytes for every player (no lobby secrets); a signed-in player's own lobby name,
 * password and tournament code come from GET /api/scrims/mine-secrets (same day) and are merged in here, when
 * the list is fetched. Afterwards each scrim in the list is replaced whole by what the server sends this viewer
 * (a live update, an action's answer): with the secrets when they may see them, without when they lost the
 * right; nothing merged earlier outlives it. A refetch of the list fetches both again.
 */
export function mergeSecrets(scrims: Scrim[], secrets: ScrimSecrets[]): Scrim[] {
  if (secrets.length === 0) return scrims;
  const byId = new Map(secrets.map((s) => [s._id, s]));
  return scrims.map((scrim) => {
    const own = byId.get(scrim._id);
    if (!own) return scrim;
    return {
      ...scrim,
      lobbyName: own.lobbyName,
      lobbyPassword: own.lobbyPassword,
      riotTournament: scrim.riotTournament && { ...scrim.riotTournament, tournamentCode: own.tournamentCode },
    };
  });
}

/** The list with the viewer's secrets, both already requested. */
export async function withMySecrets(list: Promise<Scrim[]>, secrets: Promise<ScrimSecrets[]>): Promise<Scrim[]> {
  const [scrims, mine] = await Promise.all([list, secrets]);
  return mergeSecrets(scrims, mine);
}
