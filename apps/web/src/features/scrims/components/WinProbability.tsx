import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { RESULT_MESSAGES, SCRIM_TEXTS, type Scrim } from '@scrim-gym/shared';
import { winSplit } from '../lib/balance';
import { TEAM_COLORS } from '../lib/team-colors';

/**
 * "Team One (Blue Side) 52 % / Team Two (Red Side) 48 %" on a full scrim (from the ratings, or as balanced); once
 * the game has a result, the prediction it was played with: "Team One (Blue Side) was given 64 %". Nothing otherwise.
 */
export function WinProbability({ scrim }: { scrim: Pick<Scrim, 'balance' | 'teamWon'> }) {
  if (!scrim.balance) return null;
  const { blue, red } = winSplit(scrim.balance.blueWinProbability);
  if (scrim.teamWon)
    return (
      <Typography
        variant="body2"
        component="p"
        title={SCRIM_TEXTS.winProbabilityLabel}
        data-testid="win-probability"
        sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', m: 0, color: TEAM_COLORS.teamOne }}
      >
        {RESULT_MESSAGES.predicted(blue)}
      </Typography>
    );
  return (
    <Typography
      variant="body2"
      component="p"
      title={SCRIM_TEXTS.winProbabilityLabel}
      data-testid="win-probability"
      sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', m: 0 }}
    >
      {/* Each team's share stays on one line: a narrow screen breaks the line at the slash, not inside a name. */}
      <Box component="span" sx={visuallyHidden}>
        {SCRIM_TEXTS.winProbabilityLabel}:{' '}
      </Box>
      <Box component="span" sx={{ color: TEAM_COLORS.teamOne, whiteSpace: 'nowrap' }}>
        {SCRIM_TEXTS.winChance('teamOne', blue)}
      </Box>
      {' / '}
      <Box component="span" sx={{ color: TEAM_COLORS.teamTwo, whiteSpace: 'nowrap' }}>
        {SCRIM_TEXTS.winChance('teamTwo', red)}
      </Box>
    </Typography>
  );
}
