import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DraftSide, DraftState } from '@scrim-gym/shared';
import { api, messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';

/** Outside `scrimKeys.all`: a scrim's live change does not ask for its draft again; `draftChange` carries it. */
export const draftKeys = {
  all: ['scrim-draft'] as const,
  detail: (scrimId: string) => ['scrim-draft', scrimId] as const,
};

const draftPath = (scrimId: string) => `/scrims/${encodeURIComponent(scrimId)}/draft`;

export const getDraft = (scrimId: string) => api.get<DraftState>(draftPath(scrimId));

/** How often a page without the live socket (a visitor, a stream overlay signed out) reads the draft again. */
export const DRAFT_POLL_MS = 3000;

export const draftQuery = (scrimId: string) =>
  queryOptions({ queryKey: draftKeys.detail(scrimId), queryFn: () => getDraft(scrimId), retry: 1 });

/** GET /api/scrims/:id/draft: live through `draftChange` when `live`, else read again every few seconds. */
export function useDraft(scrimId: string, { live }: { live: boolean }) {
  return useQuery({ ...draftQuery(scrimId), refetchInterval: live ? false : DRAFT_POLL_MS });
}

/**
 * Keeps the newest state seen: a change can arrive by the socket and by an action's answer in either order, and an
 * older one never replaces a newer one.
 */
export function keepNewestDraft(queryClient: QueryClient, draft: DraftState) {
  queryClient.setQueryData<DraftState>(draftKeys.detail(draft.scrimId), (cached) => {
    if (cached && cached.version > draft.version) return cached;
    if (draft.can || !cached?.can) return draft;
    // A live update carries no abilities: the last answered ones stand until the page reads the draft again, but a
    // lock was granted for the turn that answer showed, never for the one a live update moved on to.
    const sameTurn = draft.status === 'running' && draft.turn?.index === cached.turn?.index;
    return { ...draft, can: { ...cached.can, lock: cached.can.lock && sameTurn } };
  });
}

const isDraftState = (answer: unknown): answer is DraftState =>
  typeof answer === 'object' && answer !== null && 'version' in answer && 'scrimId' in answer;

export type DraftAction =
  | { action: 'ready'; body: { side: DraftSide } }
  | { action: 'drafter'; body: { side: DraftSide; userId: string } }
  | { action: 'hover'; body: { champion: string } }
  | { action: 'lock'; body: { champion: string; turn: number } }
  | { action: 'reset'; body?: undefined };

/**
 * POST /api/scrims/:id/draft/{ready,drafter,hover,lock,reset}. The answer's draft is kept if it is the newest (an
 * answer without one reads the draft again); a refusal shows the server's text as an Error alert.
 */
export function useDraftAction(scrimId: string) {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  return useMutation({
    mutationFn: ({ action, body }: DraftAction) => api.post<unknown>(`${draftPath(scrimId)}/${action}`, body),
    onSuccess: (answer) => {
      if (isDraftState(answer)) keepNewestDraft(queryClient, answer);
      else void queryClient.invalidateQueries({ queryKey: draftKeys.detail(scrimId) });
    },
    onError: (error) => {
      showAlert({ type: 'Error', message: messageOf(error) });
      void queryClient.invalidateQueries({ queryKey: draftKeys.detail(scrimId) });
    },
  });
}
