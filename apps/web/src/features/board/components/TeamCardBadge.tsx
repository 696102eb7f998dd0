import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { BOARD_TEXTS as T, type TeamCard } from '@scrim-gym/shared';
import { TeamBadge } from '../../../components/TeamBadge';
import { reliabilityText } from '../lib/board-view';

/** A team as the board and a series show it: its badge, then its rank and how reliably it shows up. */
export function TeamCardBadge({ team }: { team: TeamCard }) {
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <TeamBadge team={team} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Chip size="small" label={T.teamRank(team.rank)} />
        <Chip
          size="small"
          variant="outlined"
          color={team.reliability.score === null ? 'default' : team.reliability.score >= 90 ? 'success' : 'warning'}
          label={reliabilityText(team)}
        />
      </Stack>
    </Stack>
  );
}
