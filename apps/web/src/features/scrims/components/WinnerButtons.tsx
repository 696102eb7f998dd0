import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SCRIM_MESSAGES, TEAMS, type TeamName } from '@scrim-gym/shared';
import { useSetWinner } from '../api/scrim-actions';
import { SCRIM_TEXTS } from '../texts';
import type { ScrimView } from './scrim-view-context';

/** The lobby captain and admins report the winner once the game started and none is set (spec 4). */
export function WinnerButtons({ view }: { view: ScrimView }) {
  const setWinner = useSetWinner();
  const { scrim, rel, timing, busy, confirm } = view;
  if (!(rel.isCaptain || rel.isAdmin) || timing === 'upcoming' || scrim.teamWon) return null;

  const report = async (team: TeamName) => {
    if (await confirm({ title: SCRIM_TEXTS.confirmWinnerTitle(team), message: SCRIM_MESSAGES.confirmWinner })) {
      setWinner.mutate({ scrimId: scrim._id, team });
    }
  };
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row', lg: 'column', xl: 'row' }}
      spacing={1}
      sx={{ justifyContent: 'center' }}
    >
      {TEAMS.map((team) => (
        <Button key={team} variant="outlined" size="small" disabled={busy} onClick={() => void report(team)}>
          {SCRIM_TEXTS.reportWinner(team)}
        </Button>
      ))}
    </Stack>
  );
}
