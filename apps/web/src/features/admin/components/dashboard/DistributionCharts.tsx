import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ADMIN_TEXTS as T, type DashboardStats } from '@scrim-gym/shared';
import { CHART, REGION_COLORS, tooltipStyle } from '../../theme';
import { ChartBox, Panel } from './Panel';

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);
const legendStyle = { fontSize: 12, color: CHART.axis };

function Empty() {
  return (
    <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
      {T.noData}
    </Typography>
  );
}

/** Region Distribution: percent per region, a colour per region. */
export function RegionChart({ regions }: { regions: DashboardStats['regionDistribution'] }) {
  const total = regions.reduce((n, r) => n + r.count, 0);
  const data = regions.map((r) => ({ ...r, percent: percent(r.count, total) }));
  return (
    <Panel title={T.regions} summary={data.map((r) => `${r.region}: ${r.percent}% (${r.count})`).join(', ')}>
      {total === 0 ? (
        <Empty />
      ) : (
        <ChartBox>
          <ResponsiveContainer width="100%" height="100%">
            <PieChart accessibilityLayer={false}>
              <Pie
                rootTabIndex={-1}
                data={data}
                dataKey="count"
                nameKey="region"
                innerRadius="45%"
                outerRadius="75%"
                paddingAngle={2}
                label={({ payload }) =>
                  `${(payload as { region: string }).region} ${(payload as { percent: number }).percent}%`
                }
                labelLine={false}
                isAnimationActive={false}
              >
                {data.map((r) => (
                  <Cell key={r.region} fill={REGION_COLORS[r.region] ?? CHART.other} stroke="none" />
                ))}
              </Pie>
              <Tooltip
                {...tooltipStyle}
                formatter={(value, name) => [`${value} (${percent(Number(value), total)}%)`, name]}
              />
              <Legend wrapperStyle={legendStyle} />
            </PieChart>
          </ResponsiveContainer>
        </ChartBox>
      )}
    </Panel>
  );
}

/** Weekly Scrim Activity: scrims per day of the last 7 days. */
export function WeeklyScrimsChart({ days }: { days: DashboardStats['weeklyScrimActivity'] }) {
  return (
    <Panel title={T.weeklyScrims} summary={days.map((d) => `${d.day} ${d.date}: ${d.scrims}`).join(', ')}>
      <ChartBox>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={days} margin={{ top: 8, right: 8, left: -20, bottom: 0 }}>
            <CartesianGrid stroke={CHART.grid} vertical={false} />
            <XAxis dataKey="day" stroke={CHART.axis} tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} stroke={CHART.axis} tick={{ fontSize: 12 }} />
            <Tooltip
              {...tooltipStyle}
              cursor={{ fill: 'rgba(91,181,240,0.08)' }}
              labelFormatter={(_l, p) => p?.[0]?.payload?.date ?? ''}
            />
            <Bar dataKey="scrims" name={T.scrims} fill={CHART.bars} radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartBox>
    </Panel>
  );
}

/** Rank Distribution, in the server's order: Iron … Challenger, Unranked, then unknown ranks. */
export function RankChart({ ranks }: { ranks: DashboardStats['rankDistribution'] }) {
  return (
    <Panel title={T.ranks} summary={ranks.map((r) => `${r.rank}: ${r.count}`).join(', ')}>
      {ranks.length === 0 ? (
        <Empty />
      ) : (
        <ChartBox>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart accessibilityLayer={false} data={ranks} margin={{ top: 8, right: 8, left: -20, bottom: 0 }}>
              <CartesianGrid stroke={CHART.grid} vertical={false} />
              <XAxis
                dataKey="rank"
                stroke={CHART.axis}
                tick={{ fontSize: 11 }}
                interval={0}
                angle={-35}
                textAnchor="end"
                height={56}
              />
              <YAxis allowDecimals={false} stroke={CHART.axis} tick={{ fontSize: 12 }} />
              <Tooltip {...tooltipStyle} cursor={{ fill: 'rgba(200,170,110,0.08)' }} />
              <Bar
                dataKey="count"
                name={T.players}
                fill={CHART.ranks}
                radius={[4, 4, 0, 0]}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </ChartBox>
      )}
    </Panel>
  );
}

/** The pie's slices: active, expired not lifted, unbanned (total banned minus both); zero slices hidden. */
export function banSlices(bans: DashboardStats['banStatistics']) {
  const unbanned = Math.max(0, bans.totalBannedUsers - bans.activeBans - bans.expiredBans);
  return (
    [
      { key: 'active', label: T.banSlices.active, value: bans.activeBans, color: CHART.bans.active },
      { key: 'expired', label: T.banSlices.expired, value: bans.expiredBans, color: CHART.bans.expired },
      { key: 'unbanned', label: T.banSlices.unbanned, value: unbanned, color: CHART.bans.unbanned },
    ]
      .filter((slice) => slice.value > 0)
      // The legend carries the counts (labels on thin slices overlap).
      .map((slice) => ({ ...slice, name: `${slice.label} (${slice.value})` }))
  );
}

/** Ban Statistics Breakdown, with the 'N ban(s) expired but not lifted' warning. */
export function BanStatsChart({ bans }: { bans: DashboardStats['banStatistics'] }) {
  const slices = banSlices(bans);
  return (
    <Panel title={T.banStats}>
      {slices.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {T.noBans}
        </Typography>
      ) : (
        <ChartBox height={220}>
          <ResponsiveContainer width="100%" height="100%">
            <PieChart accessibilityLayer={false}>
              <Pie
                rootTabIndex={-1}
                data={slices}
                dataKey="value"
                nameKey="name"
                innerRadius="50%"
                outerRadius="80%"
                paddingAngle={slices.length > 1 ? 2 : 0}
                isAnimationActive={false}
              >
                {slices.map((s) => (
                  <Cell key={s.key} fill={s.color} stroke="none" />
                ))}
              </Pie>
              <Tooltip {...tooltipStyle} />
              <Legend wrapperStyle={legendStyle} />
            </PieChart>
          </ResponsiveContainer>
        </ChartBox>
      )}
      {bans.expiredBans > 0 && (
        <Alert severity="warning" icon={<WarningAmberIcon />} sx={{ mt: 1 }}>
          {T.expiredNotLifted(bans.expiredBans)}
        </Alert>
      )}
    </Panel>
  );
}
