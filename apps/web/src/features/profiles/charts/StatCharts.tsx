import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  Bar,
  BarChart,
  Cell,
  Pie,
  PieChart,
  PolarAngleAxis,
  RadialBar,
  RadialBarChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { PROFILE_TEXTS, type UserStats } from '@scrim-gym/shared';
import { winRateSlices } from '../lib/win-rate';
import { CHART_COLORS, ChartCard, tooltipStyle } from '../../../components/charts/ChartCard';

/** Chart heights: compact two-up on phones. */
const HEIGHT = { xs: 150, sm: 200 };

function CenterLabel({ big, small }: { big: string; small: string }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeContent: 'center',
        textAlign: 'center',
        pointerEvents: 'none',
      }}
    >
      <Typography sx={{ fontSize: { xs: 18, sm: 26 }, fontWeight: 800, lineHeight: 1.1 }}>{big}</Typography>
      <Typography variant="caption" color="text.secondary">
        {small}
      </Typography>
    </Box>
  );
}

export function WinRatePie({ stats }: { stats: UserStats }) {
  const none = stats.userGamesPlayedCount === 0;
  const names = { wins: PROFILE_TEXTS.wins, losses: PROFILE_TEXTS.losses, none: PROFILE_TEXTS.noGames };
  const colors = { wins: CHART_COLORS.wins, losses: CHART_COLORS.losses, none: CHART_COLORS.track };
  const slices = winRateSlices(stats).map((slice) => ({
    ...slice,
    name: names[slice.kind],
    color: colors[slice.kind],
  }));
  return (
    <ChartCard
      title={PROFILE_TEXTS.winRate}
      summary={`${stats.userWinrate}% (${stats.userWins} ${PROFILE_TEXTS.wins}, ${stats.userLosses} ${PROFILE_TEXTS.losses})`}
    >
      <Box sx={{ position: 'relative', height: HEIGHT }}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart accessibilityLayer={false}>
            <Pie
              data={slices}
              dataKey="value"
              nameKey="name"
              innerRadius="62%"
              outerRadius="88%"
              paddingAngle={slices.length > 1 ? 2 : 0}
              stroke="none"
              isAnimationActive={false}
              // The figure's summary speaks for the chart; its sectors need no keyboard stops.
              rootTabIndex={-1}
            >
              {slices.map((entry) => (
                <Cell key={entry.kind} fill={entry.color} />
              ))}
            </Pie>
            {!none && <Tooltip {...tooltipStyle} />}
          </PieChart>
        </ResponsiveContainer>
        <CenterLabel
          big={`${stats.userWinrate}%`}
          small={none ? PROFILE_TEXTS.noGames : `${stats.userWins}W ${stats.userLosses}L`}
        />
      </Box>
    </ChartCard>
  );
}

export function LevelRadial({ stats }: { stats: UserStats }) {
  return (
    <ChartCard
      title={PROFILE_TEXTS.levelProgress}
      summary={`${PROFILE_TEXTS.level} ${stats.userLevel}, ${stats.expProgressPercent}% (${PROFILE_TEXTS.expProgress(stats.expProgress, stats.expNeeded)})`}
    >
      <Box sx={{ position: 'relative', height: HEIGHT }}>
        <ResponsiveContainer width="100%" height="100%">
          <RadialBarChart
            accessibilityLayer={false}
            data={[{ name: PROFILE_TEXTS.levelProgress, value: stats.expProgressPercent }]}
            innerRadius="72%"
            outerRadius="96%"
            startAngle={90}
            endAngle={-270}
          >
            <PolarAngleAxis type="number" domain={[0, 100]} tick={false} axisLine={false} />
            <RadialBar
              dataKey="value"
              cornerRadius={8}
              fill={CHART_COLORS.played}
              background={{ fill: CHART_COLORS.track }}
              isAnimationActive={false}
            />
          </RadialBarChart>
        </ResponsiveContainer>
        <CenterLabel big={`${PROFILE_TEXTS.level} ${stats.userLevel}`} small={`${stats.expProgressPercent}%`} />
      </Box>
    </ChartCard>
  );
}

export function GamesBars({ stats }: { stats: UserStats }) {
  const data = [
    { name: PROFILE_TEXTS.played, value: stats.userGamesPlayedCount, color: CHART_COLORS.played },
    { name: PROFILE_TEXTS.casted, value: stats.userGamesCastedCount, color: CHART_COLORS.casted },
  ];
  return (
    <ChartCard
      title={PROFILE_TEXTS.gamesPlayedVsCasted}
      summary={`${PROFILE_TEXTS.gamesPlayed} ${stats.userGamesPlayedCount}, ${PROFILE_TEXTS.gamesCasted} ${stats.userGamesCastedCount}`}
    >
      <Box sx={{ height: HEIGHT }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: -24, bottom: 0 }}>
            <XAxis dataKey="name" stroke={CHART_COLORS.axis} tickLine={false} interval={0} fontSize={13} />
            <YAxis allowDecimals={false} stroke={CHART_COLORS.axis} tickLine={false} />
            <Tooltip {...tooltipStyle} cursor={{ fill: 'rgba(255,255,255,0.04)' }} />
            <Bar
              dataKey="value"
              name={PROFILE_TEXTS.gamesPlayedVsCasted}
              radius={[6, 6, 0, 0]}
              isAnimationActive={false}
              label={{ position: 'top', fill: '#f0e6d2' }}
            >
              {data.map((entry) => (
                <Cell key={entry.name} fill={entry.color} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </Box>
    </ChartCard>
  );
}

/** The figures in words: what the charts draw, exact. */
export function StatsSummary({ stats }: { stats: UserStats }) {
  const rows: [string, string | number][] = [
    [PROFILE_TEXTS.level, stats.userLevel],
    [PROFILE_TEXTS.totalExp, stats.userExp],
    [PROFILE_TEXTS.winRate, `${stats.userWinrate}%`],
    [PROFILE_TEXTS.wins, stats.userWins],
    [PROFILE_TEXTS.losses, stats.userLosses],
    [PROFILE_TEXTS.gamesPlayed, stats.userGamesPlayedCount],
    [PROFILE_TEXTS.gamesCasted, stats.userGamesCastedCount],
  ];
  return (
    <ChartCard title={PROFILE_TEXTS.statsSummary}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.75, columnGap: 2 }}
        data-testid="stats-summary"
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </ChartCard>
  );
}
