import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { SCRIM_TEXTS } from '@scrim-gym/shared';
import type { ScrimView } from './scrim-view-context';

const T = SCRIM_TEXTS.codePlayers;

/**
 * Under the tournament code: whether Riot's list of who may join follows the roster yet (pending, retrying after a
 * Riot failure, or refused), the viewer's own notice when Riot does not know their account, and for those who run
 * the scrim (they can substitute) the names of the players Riot does not know. The server sends this only to those
 * who see the lobby secrets.
 */
export function CodePlayersNotice({ view }: { view: ScrimView }) {
  const { scrim, userId, rel } = view;
  const participants = scrim.riotTournament?.participants;
  if (!participants) return null;
  const { state, cannotJoin } = participants;
  const mine = userId !== null && cannotJoin.includes(userId);
  const names = rel.can.substitute
    ? [...scrim.teamOne, ...scrim.teamTwo]
        .filter((player) => cannotJoin.includes(player._user._id))
        .map((player) => `${player._user.name}#${player._user.summonerTagline}`)
    : [];
  if (state === 'current' && !mine && names.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="code-players">
      {state !== 'current' && (
        <Alert severity={state === 'failed' ? 'error' : 'info'} role="status">
          {T[state]}
        </Alert>
      )}
      {mine && (
        <Alert severity="warning" role="status">
          {T.youCannotJoin}
        </Alert>
      )}
      {names.length > 0 && (
        <Alert severity="warning" role="status">
          {T.cannotJoin(names.join(', '))}
        </Alert>
      )}
    </Box>
  );
}
