import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SCRIM_MESSAGES, TEAMS, SCRIM_TEXTS, type TeamName } from '@scrim-gym/shared';
import { useSetWinner } from '../api/scrim-actions';
import { teamsFull } from '../lib/scrim-view';
import type { ScrimView } from './scrim-view-context';

/**
 * The lobby captain, the scrim's community host and admins report the winner once the game started with both
 * teams full and none is set (the server refuses a winner for teams that are not full). On the scrim page they
 * live in the pinned lobby panel (`inPanel`), not in the centre box.
 */
export function WinnerButtons({ view, inPanel = false }: { view: ScrimView; inPanel?: boolean }) {
  const setWinner = useSetWinner();
  const { scrim, rel, timing, busy, confirm } = view;
  // An admin also decides over a pending or disputed report (the server confirms it and settles the dispute); a
  // confirmed result is changed in the edit form.
  const open =
    !scrim.teamWon || (rel.can.resolveDispute && scrim.result !== null && scrim.result.status !== 'confirmed');
  if (!rel.can.setWinner || timing === 'upcoming' || !open || !teamsFull(scrim)) return null;
  // The pinned panel has them before the result; over a reported one they stay here, under it.
  if (view.lobbyPinned && !inPanel && !scrim.teamWon) return null;

  const report = async (team: TeamName) => {
    // A captain's report is final for them; an admin can still change a result in the edit form, so is not
    // told otherwise.
    const message = rel.can.resolveDispute ? SCRIM_MESSAGES.confirmWinnerAdmin : SCRIM_MESSAGES.confirmWinner;
    if (await confirm({ title: SCRIM_TEXTS.confirmWinnerTitle(team), message })) {
      setWinner.mutate({ scrimId: scrim._id, team });
    }
  };
  return (
    <Stack
      direction={inPanel ? { xs: 'column', sm: 'row' } : { xs: 'column', sm: 'row', lg: 'column', xl: 'row' }}
      spacing={1}
      sx={{ justifyContent: inPanel ? 'flex-start' : 'center' }}
    >
      {TEAMS.map((team) => (
        <Button
          key={team}
          variant={inPanel ? 'contained' : 'outlined'}
          size="small"
          disabled={busy}
          onClick={() => void report(team)}
        >
          {SCRIM_TEXTS.reportWinner(team)}
        </Button>
      ))}
    </Stack>
  );
}
