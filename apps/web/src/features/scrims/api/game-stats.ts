import { useQuery } from '@tanstack/react-query';
import { gameStatsChange, type GamePart, type UserStats } from '@scrim-gym/shared';
import { api } from '../../../lib/api';

/**
 * The viewer's EXP and level change from a finished game: the profile's own stats (GET /users/:id/scrims, the
 * figures the profile shows, this game counted) and the same without this game (shared `gameStatsChange`).
 * Asked once the result is in, so the server's stats already count it.
 */
export function useGameStatsChange({
  scrimId,
  userId,
  part,
  enabled,
}: {
  scrimId: string;
  userId: string | null;
  part: GamePart | null;
  enabled: boolean;
}) {
  return useQuery({
    queryKey: ['scrims', 'game-stats', scrimId, userId, part],
    enabled: enabled && Boolean(userId && part),
    queryFn: async () => {
      const { stats } = await api.get<{ stats: UserStats }>(`/users/${userId}/scrims?limit=1`);
      return gameStatsChange(
        { wins: stats.userWins, losses: stats.userLosses, casts: stats.userGamesCastedCount },
        part!,
      );
    },
    staleTime: Infinity,
  });
}
