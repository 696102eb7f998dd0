import { queryOptions, useQuery } from '@tanstack/react-query';
import { gameStatsChange, type GamePart, type UserStats } from '@scrim-gym/shared';
import { api } from '../../../lib/api';

/**
 * The viewer's EXP and level change from a finished game: the profile's own stats (GET /users/:id/scrims, the
 * figures the profile shows, this game counted) and the same without this game (shared `gameStatsChange`).
 * Asked once the result is in, so the server's stats already count it.
 */
interface GameStatsParams {
  scrimId: string;
  userId: string | null;
  part: GamePart | null;
}

export async function getGameStatsChange(userId: string, part: GamePart) {
  const { stats } = await api.get<{ stats: UserStats }>(`/users/${userId}/scrims?limit=1`);
  return gameStatsChange({ wins: stats.userWins, losses: stats.userLosses, casts: stats.userGamesCastedCount }, part);
}

export const gameStatsChangeQuery = ({ scrimId, userId, part }: GameStatsParams) =>
  queryOptions({
    queryKey: ['scrims', 'game-stats', scrimId, userId, part] as const,
    queryFn: () => getGameStatsChange(userId!, part!),
    staleTime: Infinity,
  });

export function useGameStatsChange({ enabled, ...params }: GameStatsParams & { enabled: boolean }) {
  return useQuery({ ...gameStatsChangeQuery(params), enabled: enabled && Boolean(params.userId && params.part) });
}
