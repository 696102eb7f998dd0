import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CHART_COLORS } from './ChartCard';

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 8;

/** A rating history as the chart's points: the rating before the first game, then the rating after each. */
export const ratingPoints = (history: readonly { before: number; after: number }[]) =>
  history.length ? [history[0]!.before, ...history.map((h) => h.after)] : [];

/**
 * The rating after each rated game as a line (inline SVG: no chart library in the first chunk of the profile or
 * the team page), the rating before the first game as its start. The scale's top and bottom values are written beside it.
 */
export function RatingChart({ points }: { points: number[] }) {
  const max = Math.max(...points);
  const min = Math.min(...points);
  const span = Math.max(1, max - min);
  const x = (i: number) => (points.length === 1 ? WIDTH / 2 : PAD + (i * (WIDTH - 2 * PAD)) / (points.length - 1));
  const y = (value: number) => PAD + ((max - value) * (HEIGHT - 2 * PAD)) / span;
  const line = points.map((value, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
  const area = `${line} L${x(points.length - 1).toFixed(1)},${HEIGHT} L${x(0).toFixed(1)},${HEIGHT} Z`;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1 }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          color: CHART_COLORS.axis,
          fontSize: 12,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        <Typography component="span" variant="caption">
          {max}
        </Typography>
        <Typography component="span" variant="caption">
          {min}
        </Typography>
      </Box>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT}
        role="presentation"
        style={{ display: 'block' }}
      >
        <line x1={0} x2={WIDTH} y1={PAD} y2={PAD} stroke={CHART_COLORS.grid} vectorEffect="non-scaling-stroke" />
        <line
          x1={0}
          x2={WIDTH}
          y1={HEIGHT - PAD}
          y2={HEIGHT - PAD}
          stroke={CHART_COLORS.grid}
          vectorEffect="non-scaling-stroke"
        />
        <path d={area} fill={CHART_COLORS.played} opacity={0.12} />
        <path
          d={line}
          fill="none"
          stroke={CHART_COLORS.played}
          strokeWidth={2}
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
    </Box>
  );
}
