import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { SCRIM_TEXTS } from '@scrim-gym/shared';
import { useAlert } from '../../alerts/alert-context';
import { useTournamentCodes } from '../api/capabilities';
import { useRegenerateCode } from '../api/scrim-admin';
import { serverMessage } from '../lib/errors';
import { teamsFull } from '../lib/scrim-view';
import type { ScrimView } from './scrim-view-context';

/**
 * Why the tournament code (or the automatic result) is missing, for whoever sees the lobby; and for admins, once
 * the game started with full teams, 'Regenerate Tournament Code' behind the catalogue's confirmation.
 */
export function TournamentCodeAdmin({ view }: { view: ScrimView }) {
  const { scrim, rel, timing, over, confirm } = view;
  const regenerate = useRegenerateCode(scrim._id);
  const showAlert = useAlert();
  const problem = scrim.useTournamentCode ? scrim.riotTournament?.lastError : null;
  // Without a Riot API key a regeneration can only fail: not offered.
  const codes = useTournamentCodes();
  const canRegenerate =
    codes.available &&
    rel.can.regenerateTournamentCode &&
    scrim.useTournamentCode &&
    !over &&
    timing !== 'upcoming' &&
    teamsFull(scrim);

  const onRegenerate = async () => {
    if (!(await confirm({ title: SCRIM_TEXTS.regenerateTitle, message: SCRIM_TEXTS.regenerateWarning }))) return;
    regenerate.mutate(undefined, {
      onSuccess: (updated) =>
        showAlert({ type: 'Success', message: SCRIM_TEXTS.codeFound(updated.riotTournament?.tournamentCode ?? '') }),
      onError: (error) => showAlert({ type: 'Error', message: serverMessage(error, SCRIM_TEXTS.regenerateFailed) }),
    });
  };

  return (
    <>
      {problem && (
        <Typography variant="caption" color="warning.main" role="note">
          {SCRIM_TEXTS.codeProblem(problem)}
        </Typography>
      )}
      {canRegenerate && (
        <Button size="small" variant="text" disabled={regenerate.isPending} onClick={() => void onRegenerate()}>
          {SCRIM_TEXTS.regenerateCode}
        </Button>
      )}
    </>
  );
}
