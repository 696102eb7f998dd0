import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MATCH_MESSAGES, type ScrimMatch } from '@scrim-gym/shared';
import { formatGameDuration } from '../../../../lib/match-format';

/** The scoreboard's title, one level below the page's heading (`level`), then the game's duration and patch. */
export function ScoreboardHeader({ headingId, level, match }: { headingId: string; level: number; match: ScrimMatch }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
      <Typography
        id={headingId}
        variant="h6"
        component={`h${level + 1}` as 'h2'}
        sx={{ fontWeight: 800, lineHeight: 1.2 }}
      >
        {MATCH_MESSAGES.scoreboardTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {MATCH_MESSAGES.gameDuration(formatGameDuration(match.durationSeconds))} · {MATCH_MESSAGES.patch(match.patch)}
      </Typography>
    </Box>
  );
}
