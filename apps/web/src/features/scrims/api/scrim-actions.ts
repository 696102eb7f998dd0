import { useIsMutating, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  RESULT_MESSAGES,
  SCRIM_MESSAGES,
  SCRIM_TEXTS,
  type FillRandomResponse,
  type Role,
  type Scrim,
  type SignupBody,
  type SubstituteBody,
  type TeamName,
  type WaitlistRole,
} from '@scrim-gym/shared';
import { api, ApiError, messageOf } from '../../../lib/api';
import { useAlert, type Alert } from '../../alerts/alert-context';
import { fillRandomAlert } from '../lib/fill-random';
import { upsertScrim } from './scrims-cache';

const ACTION_KEY = ['scrims', 'action'] as const;

interface Target {
  scrimId: string;
}

interface ActionSpec<V extends Target, R> {
  /** The path after /scrims/:id/ and its body (JSON, or a File sent as its bytes); PATCH unless told. */
  request: (vars: V) => { path: string; body?: unknown; method?: 'post' | 'delete' };
  scrimOf?: (response: R) => Scrim;
  /** A Success alert's text, or an alert of its own type (fill random that could not fill every slot). */
  success?: (vars: V, response: R) => string | Alert | null;
  /** Server messages not worth an alert ('Player already exists in game…' on join). */
  silent?: (message: string) => boolean;
  /** Shown when the failure carries no message of its own. */
  fallbackError?: string;
}

/**
 * One scrim action: the returned scrim replaces every cached copy; on failure the server's message is shown as
 * an Error and the scrim in the error body, if any, replaces the local copy.
 */
function useScrimAction<V extends Target, R = Scrim>({
  request,
  scrimOf,
  success,
  silent,
  fallbackError,
}: ActionSpec<V, R>) {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  return useMutation({
    mutationKey: ACTION_KEY,
    mutationFn: (vars: V) => {
      const { path, body, method } = request(vars);
      const url = `/scrims/${vars.scrimId}/${path}`;
      if (method === 'delete') return api.delete<R>(url);
      return method === 'post' ? api.post<R>(url, body) : api.patch<R>(url, body);
    },
    onSuccess: (response, vars) => {
      upsertScrim(queryClient, scrimOf ? scrimOf(response) : (response as unknown as Scrim));
      const alert = success?.(vars, response);
      if (alert) showAlert(typeof alert === 'string' ? { type: 'Success', message: alert } : alert);
    },
    onError: (error) => {
      const current = error instanceof ApiError ? (error.body.scrim as Scrim | undefined) : undefined;
      if (current?._id) upsertScrim(queryClient, current);
      const message = messageOf(error, fallbackError);
      if (!silent?.(message)) showAlert({ type: 'Error', message });
    },
  });
}

/**
 * Whether the viewer acted on this scrim within `withinMs` (in flight, or answered with a scrim that `answered`
 * accepts): a change they made themselves is not news to announce (a join while waitlisted is not a promotion,
 * but a promotion right after joining the waitlist is).
 */
export function actedRecently(
  queryClient: QueryClient,
  scrimId: string,
  withinMs: number,
  answered: (scrim: Scrim) => boolean = () => true,
  now = Date.now(),
) {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: ACTION_KEY })
    .some(
      (m) =>
        (m.state.variables as Target | undefined)?.scrimId === scrimId &&
        (m.state.status === 'pending' ||
          (now - m.state.submittedAt < withinMs && m.state.data !== undefined && answered(m.state.data as Scrim))),
    );
}

/** Whether an action on this scrim is in flight: its buttons wait (and are re-enabled after, success or failure). */
export function useScrimBusy(scrimId: string) {
  return (
    useIsMutating({
      mutationKey: ACTION_KEY,
      predicate: (m) => (m.state.variables as Target | undefined)?.scrimId === scrimId,
    }) > 0
  );
}

type SlotVars = Target & { userId: string; team: TeamName; role: Role };
type UserVars = Target & { userId: string };
const playerData = ({ team, role }: SlotVars) => ({ playerData: { role, team: { name: team } } });

export const useJoinSlot = () =>
  useScrimAction<SlotVars>({
    request: (v) => ({ path: `insert-player/${v.userId}`, body: playerData(v) }),
    silent: (message) => message === SCRIM_MESSAGES.alreadyPlayer,
  });

/** A caster of the scrim takes a slot in one step: the server leaves the cast and joins in one transaction. */
export const useSwitchToPlayer = () =>
  useScrimAction<SlotVars>({
    request: (v) => ({ path: `insert-player/${v.userId}`, body: { ...playerData(v), leaveCast: true } }),
  });

export const useMoveSlot = () =>
  useScrimAction<SlotVars>({ request: (v) => ({ path: `move-player/${v.userId}`, body: playerData(v) }) });

/**
 * Leave (yourself, with an optional reason for the host) or kick (admin); a kick names the player in its success
 * message.
 */
export const useRemovePlayer = () =>
  useScrimAction<UserVars & { kickedName?: string; reason?: string }>({
    request: (v) => ({ path: `remove-player/${v.userId}`, body: v.reason ? { reason: v.reason } : undefined }),
    success: (v) => (v.kickedName ? SCRIM_MESSAGES.kicked(v.kickedName) : null),
  });

export const useJoinCast = () => useScrimAction<UserVars>({ request: (v) => ({ path: `insert-caster/${v.userId}` }) });
export const useLeaveCast = () => useScrimAction<UserVars>({ request: (v) => ({ path: `remove-caster/${v.userId}` }) });

export const useSetWinner = () =>
  useScrimAction<Target & { team: TeamName }>({
    request: (v) => ({ path: 'set-winner', body: { winnerTeamName: v.team } }),
  });

/** A player of the other team confirms the captain's reported result (the contract's POST). */
export const useConfirmResult = () =>
  useScrimAction<Target>({
    request: () => ({ path: 'confirm-result', method: 'post' }),
    success: () => RESULT_MESSAGES.confirmedToast,
  });

/** A player of the other team disputes it, with a reason: an admin decides. */
export const useDisputeResult = () =>
  useScrimAction<Target & { reason: string }>({
    request: ({ reason }) => ({ path: 'dispute-result', body: { reason }, method: 'post' }),
    success: () => RESULT_MESSAGES.disputedToast,
  });

export const useSwapPlayers = () =>
  useScrimAction<SlotVars>({
    request: ({ userId, team, role }) => ({ path: 'swap-players', body: { userId, team, role } }),
    success: () => SCRIM_MESSAGES.swapped,
  });

export const useAdminAssign = () =>
  useScrimAction<SlotVars>({
    request: ({ userId, team, role }) => ({ path: 'admin-assign-player', body: { userId, teamName: team, role } }),
    success: () => SCRIM_MESSAGES.assigned,
  });

export const useFillRandom = () =>
  useScrimAction<Target, FillRandomResponse>({
    request: () => ({ path: 'admin-fill-random', body: {} }),
    scrimOf: (response) => response.scrim,
    success: (_v, response) => fillRandomAlert(response),
  });

/** A balanced scrim: sign up with roles (each absent one defaults to the settings), or withdraw. */
export const useSignUp = () =>
  useScrimAction<Target & SignupBody>({
    request: ({ scrimId: _id, ...roles }) => ({ path: 'signup', method: 'post', body: roles }),
  });

export const useWithdraw = () => useScrimAction<Target>({ request: () => ({ path: 'signup', method: 'delete' }) });

/** An admin's "Balance teams" on a full scrim before its start. */
export const useBalanceTeams = () =>
  useScrimAction<Target>({
    request: () => ({ path: 'balance', method: 'post' }),
    success: () => SCRIM_TEXTS.balanced,
  });

/** The image file itself is the body (binary, not base64 in JSON); its name goes in the query for messages. */
export const useAddImage = () =>
  useScrimAction<Target & { file: File }>({
    request: ({ file }) => ({ path: `add-image?fileName=${encodeURIComponent(file.name)}`, body: file }),
    success: () => SCRIM_MESSAGES.imageUploaded,
  });

export const useRemoveImage = () =>
  useScrimAction<Target>({
    request: () => ({ path: 'remove-image' }),
    success: () => SCRIM_MESSAGES.imageDeleted,
    fallbackError: SCRIM_TEXTS.imageError,
  });

// Everyone shows up
const SHOW_UP = SCRIM_TEXTS.showUp;

/** Wait for a role (or any free slot) of a scrim full for it; a slot that opens goes to the first suitable. */
export const useJoinWaitlist = () =>
  useScrimAction<Target & { role: WaitlistRole }>({
    request: ({ role }) => ({ path: 'waitlist', method: 'post', body: { role } }),
  });

export const useLeaveWaitlist = () =>
  useScrimAction<Target>({ request: () => ({ path: 'waitlist', method: 'delete' }) });

/** A player confirms they are coming, between 30 and 5 minutes before the start. */
export const useCheckIn = () =>
  useScrimAction<Target>({
    request: () => ({ path: 'check-in', method: 'post' }),
    success: () => SHOW_UP.checkIn.checkedInToast,
  });

/** A player a host or admin put in takes the place as their own. */
export const useConfirmPlace = () =>
  useScrimAction<Target>({
    request: () => ({ path: 'confirm-place', method: 'post' }),
    success: () => SHOW_UP.placed.confirmedToast,
  });

/** After the start, a host or admin gives the slot of a player who did not come to another. */
export const useSubstitute = () =>
  useScrimAction<Target & SubstituteBody>({
    request: ({ outUserId, inUserId }) => ({ path: 'substitute', method: 'post', body: { outUserId, inUserId } }),
    success: () => SHOW_UP.substituted,
  });

/** A host or admin cancels the scrim with a reason (its players, casters and waitlist are told). */
export const useCancelScrim = () =>
  useScrimAction<Target & { reason: string }>({
    request: ({ reason }) => ({ path: 'cancel', method: 'post', body: { reason } }),
    success: () => SHOW_UP.cancelledToast,
  });
