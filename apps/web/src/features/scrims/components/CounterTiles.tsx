import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SCRIM_TEXTS, type ScrimTiming } from '@scrim-gym/shared';

const TILES: { timing: ScrimTiming; color: string }[] = [
  { timing: 'current', color: 'success.main' },
  { timing: 'upcoming', color: 'info.main' },
  { timing: 'previous', color: 'primary.main' },
];

/** Playing Now, Upcoming, Completed. */
export function CounterTiles({ counts }: { counts: Record<ScrimTiming, number> }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(3, 1fr)',
        gap: { xs: 1, sm: 2 },
      }}
    >
      {TILES.map(({ timing, color }) => (
        <Paper component="li" key={timing} variant="outlined" sx={{ p: { xs: 1.25, sm: 2 }, textAlign: 'center' }}>
          <Typography
            component="p"
            sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, fontWeight: 800, lineHeight: 1.1, color }}
          >
            {counts[timing]}
          </Typography>
          <Typography component="p" variant="body2" color="text.secondary">
            {SCRIM_TEXTS.hub.tiles[timing]}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
