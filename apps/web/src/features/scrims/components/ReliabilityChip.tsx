import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { visuallyHidden } from '@mui/utils';
import { SCRIM_TEXTS } from '@scrim-gym/shared';

const T = SCRIM_TEXTS.showUp;

/** Green from 90 %, amber from 70 %, red below. */
const colorOf = (score: number) => (score >= 90 ? 'success' : score >= 70 ? 'warning' : 'error');

/**
 * A player's reliability ('92 % reliable'), with its meaning as the hover hint (a title, not a Tooltip: Popper
 * weighs ~10 KB in the card's chunk); 'New' while the server shows no share (fewer than the minimum of
 * commitments). `compact` (a slot): '92 %' or 'New' on screen, the whole phrase for screen readers.
 */
export function ReliabilityChip({ score, compact = false }: { score: number | null; compact?: boolean }) {
  const full = score === null ? T.newPlayerFull : T.reliable(score);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={score === null ? 'default' : colorOf(score)}
      title={score === null ? T.newPlayerTitle : T.reliableTitle(score)}
      label={
        compact ? (
          <>
            <span aria-hidden>{score === null ? T.newPlayer : `${score} %`}</span>
            <Box component="span" sx={visuallyHidden}>
              {full}
            </Box>
          </>
        ) : (
          full
        )
      }
      sx={{ height: 20, fontSize: '0.7rem', flex: 'none' }}
    />
  );
}
