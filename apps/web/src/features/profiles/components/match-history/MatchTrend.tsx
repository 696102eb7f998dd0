import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MATCH_MESSAGES, type UserMatchRow } from '@scrim-gym/shared';
import { kdaRatio, perMinute } from '../../../../lib/match-format';
import { CHART_COLORS, ChartCard } from '../../../../components/charts/ChartCard';

const WIDTH = 600;
const HEIGHT = 90;
const PAD = 6;

/** One series as a line scaled to its own range (inline SVG, like the rating chart: no chart library here). */
function Sparkline({ label, values, color }: { label: string; values: number[]; color: string }) {
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = Math.max(0.01, max - min);
  const x = (i: number) => (values.length === 1 ? WIDTH / 2 : PAD + (i * (WIDTH - 2 * PAD)) / (values.length - 1));
  const y = (value: number) => PAD + ((max - value) * (HEIGHT - 2 * PAD)) / span;
  const line = values.map((value, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
  const average = values.reduce((a, b) => a + b, 0) / values.length;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '64px minmax(0, 1fr)', columnGap: 1, alignItems: 'center' }}>
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 700, color }}>
          {label}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid={`trend-average-${label}`}>
          {MATCH_MESSAGES.trendAverage(average.toFixed(label === MATCH_MESSAGES.kda ? 2 : 1))}
        </Typography>
      </Box>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        style={{ width: '100%', height: 72, display: 'block' }}
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - 1} y2={HEIGHT - 1} stroke={CHART_COLORS.grid} />
        <path d={line} fill="none" stroke={color} strokeWidth={2} vectorEffect="non-scaling-stroke" />
        {values.map((value, i) => (
          <circle key={i} cx={x(i)} cy={y(value)} r={2.5} fill={color} />
        ))}
      </svg>
    </Box>
  );
}

/** KDA and CS per minute over the games shown, oldest first (the list is newest first). */
export function MatchTrend({ rows }: { rows: readonly UserMatchRow[] }) {
  const games = [...rows].reverse();
  return (
    <ChartCard title={MATCH_MESSAGES.trendTitle} summary={MATCH_MESSAGES.trendSummary(games.length)}>
      <Box sx={{ display: 'grid', gap: 1 }} data-testid="match-trend" data-games={games.length}>
        <Sparkline
          label={MATCH_MESSAGES.kda}
          values={games.map((g) => kdaRatio(g.kills, g.deaths, g.assists))}
          color={CHART_COLORS.played}
        />
        <Sparkline
          label={MATCH_MESSAGES.csPerMinute}
          values={games.map((g) => perMinute(g.cs, g.durationSeconds))}
          color={CHART_COLORS.casted}
        />
      </Box>
    </ChartCard>
  );
}
