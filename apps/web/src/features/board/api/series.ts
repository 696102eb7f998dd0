import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Series, SeriesCancelBody, SeriesLineupBody, SeriesSide } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { boardKeys } from './board';

/*
 * The series page's actions. Each answers the series as it now stands, which replaces the page's copy; a refusal
 * reloads it, since a refusal (a lock, a side already picked) usually means the series moved on.
 */

function useSeriesAction<Variables>(id: string, send: (variables: Variables) => Promise<{ series: Series }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => send(variables).then((res) => res.series),
    onSuccess: (series) => queryClient.setQueryData(boardKeys.series(id), series),
    onError: () => queryClient.invalidateQueries({ queryKey: boardKeys.series(id) }),
  });
}

/** PUT /api/series/:id/lineup: a captain's five starters and substitutes. */
export const useSetLineup = (id: string) =>
  useSeriesAction(id, (body: SeriesLineupBody) => api.put<{ series: Series }>(`/series/${id}/lineup`, body));

/** POST /api/series/:id/games/:n/side: the loser of the previous game picks its side of game n. */
export const useChooseSide = (id: string) =>
  useSeriesAction(id, ({ n, side }: { n: number; side: SeriesSide }) =>
    api.post<{ series: Series }>(`/series/${id}/games/${n}/side`, { side }),
  );

/** POST /api/series/:id/cancel: a captain of either team, with a reason both teams read. */
export const useCancelSeries = (id: string) =>
  useSeriesAction(id, (body: SeriesCancelBody) => api.post<{ series: Series }>(`/series/${id}/cancel`, body));
