import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SCRIM_TEXTS, type ScrimSeries } from '@scrim-gym/shared';
import { seriesPath } from '../lib/paths';

const T = SCRIM_TEXTS.seriesGame;

/**
 * A team series' game: "Game 2 of ABC vs XYZ (Bo3)", a link to the series, and why nobody takes its slots (the
 * lineups are seated by the teams' captains).
 */
export function SeriesMark({ series }: { series: ScrimSeries }) {
  return (
    <Box sx={{ flexBasis: '100%', display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Link
        component={RouterLink}
        to={seriesPath(series._id)}
        underline="hover"
        color="secondary"
        title={T.markLabel}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 700 }}
      >
        <EmojiEventsIcon fontSize="small" aria-hidden />
        {T.mark(
          series.gameNumber,
          series.teams.map((team) => team.tag),
          series.format,
        )}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {T.explain}
      </Typography>
    </Box>
  );
}
