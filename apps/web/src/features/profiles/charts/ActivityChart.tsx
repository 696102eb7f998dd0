import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ACTIVITY_TYPE_LABELS, PROFILE_TEXTS, type ActivityResponse } from '@scrim-gym/shared';
import { activityTotals, bucketLabel, type ActivityType } from '../lib/activity-view';
import { CHART_COLORS, ChartCard, tooltipStyle } from '../../../components/charts/ChartCard';

/** Drawn in this order, so the played area (usually the larger) lies over the casted one. */
const SERIES = ['casted', 'played'] as const;

export interface ActivityView {
  data: ActivityResponse | undefined;
  type: ActivityType;
  /** The previous range's data, shown dimmed while the new one loads. */
  stale: boolean;
}

/**
 * Activity over time: finished games per day, week or month; All draws played and casted over each other,
 * Played and Casted one of them. The range and toggles (`controls`) live in the page, with the data request.
 */
export function ActivityChart({ activity, controls }: { activity: ActivityView; controls: ReactNode }) {
  const { data, type, stale } = activity;
  const totals = data ? activityTotals(data.points) : { played: 0, casted: 0 };
  const points = data?.points.map((p) => ({ ...p, label: bucketLabel(p.start, data.bucket) })) ?? [];
  const summary = data
    ? `${data.from} – ${data.to}: ${totals.played} ${PROFILE_TEXTS.played}, ${totals.casted} ${PROFILE_TEXTS.casted}`
    : PROFILE_TEXTS.chartsLoading;

  return (
    <ChartCard title={PROFILE_TEXTS.activity} summary={summary} actions={controls}>
      <Box
        sx={{ height: 240, opacity: stale ? 0.6 : 1 }}
        data-testid="activity-chart"
        data-range={data ? `${data.from}/${data.to}/${data.bucket}` : ''}
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 12, left: -20, bottom: 0 }}>
            <defs>
              {SERIES.map((key) => (
                <linearGradient key={key} id={`activity-${key}`} x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0" stopColor={CHART_COLORS[key]} stopOpacity={0.85} />
                  <stop offset="1" stopColor={CHART_COLORS[key]} stopOpacity={0.15} />
                </linearGradient>
              ))}
            </defs>
            <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
            <XAxis dataKey="label" stroke={CHART_COLORS.axis} tickLine={false} minTickGap={16} fontSize={12} />
            <YAxis allowDecimals={false} stroke={CHART_COLORS.axis} tickLine={false} fontSize={12} />
            <Tooltip {...tooltipStyle} />
            {SERIES.filter((key) => type === 'all' || type === key).map((key) => (
              <Area
                key={key}
                type="monotone"
                dataKey={key}
                name={ACTIVITY_TYPE_LABELS[key]}
                stroke={CHART_COLORS[key]}
                fill={`url(#activity-${key})`}
                strokeWidth={2}
                isAnimationActive={false}
              />
            ))}
          </AreaChart>
        </ResponsiveContainer>
      </Box>
      <Typography variant="caption" color="text.secondary" data-testid="activity-totals">
        {data
          ? `${data.from} – ${data.to} · ${totals.played} ${PROFILE_TEXTS.played} · ${totals.casted} ${PROFILE_TEXTS.casted}`
          : ' '}
      </Typography>
    </ChartCard>
  );
}
