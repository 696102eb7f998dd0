import type { QueryClient } from '@tanstack/react-query';
import type { Scrim } from '@scrim-gym/shared';
import { applyLiveChange } from '../../../lib/live-cache';
import { scrimKeys, type ScrimListParams } from './scrims';

/** Whether a scrim belongs in a hub list: public, same region, starting within the list's day. */
export function belongsToList(scrim: Scrim, { region, startDate, endDate }: ScrimListParams): boolean {
  const start = new Date(scrim.gameStartTime).getTime();
  return (
    !scrim.isPrivate &&
    scrim.region === region &&
    start >= new Date(startDate).getTime() &&
    start < new Date(endDate).getTime()
  );
}

const byStart = (a: Scrim, b: Scrim) => a.gameStartTime.localeCompare(b.gameStartTime);

/**
 * Puts a scrim (from a mutation answer, an error body or a live event) into every cached copy: the detail,
 * and each hub list, where it is replaced, added, or removed when it no longer matches (edited to another
 * day, region, or made private).
 */
export function upsertScrim(queryClient: QueryClient, scrim: Scrim) {
  applyLiveChange(queryClient, { queryKey: scrimKeys.all }, () => {
    queryClient.setQueryData<Scrim>(scrimKeys.detail(scrim._id), scrim);
    for (const [key, list] of queryClient.getQueriesData<Scrim[]>({ queryKey: scrimKeys.lists() })) {
      if (!list) continue;
      const params = key[2] as ScrimListParams;
      const others = list.filter((s) => s._id !== scrim._id);
      const next = belongsToList(scrim, params) ? [...others, scrim].sort(byStart) : others;
      if (next.length !== list.length || belongsToList(scrim, params)) queryClient.setQueryData(key, next);
    }
  });
}

/** A deleted scrim leaves the lists; an open detail page refetches and lands on the app's 'not found' path. */
export function removeScrim(queryClient: QueryClient, scrimId: string) {
  for (const [key, list] of queryClient.getQueriesData<Scrim[]>({ queryKey: scrimKeys.lists() })) {
    if (list?.some((s) => s._id === scrimId))
      queryClient.setQueryData(
        key,
        list.filter((s) => s._id !== scrimId),
      );
  }
  void queryClient.invalidateQueries({ queryKey: scrimKeys.detail(scrimId) });
}
