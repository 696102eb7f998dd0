import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ACTIVITY_PRESETS, DEFAULT_ACTIVITY_PRESET, type ActivityPreset } from '@scrim-gym/shared';
import { useActivity, type ActivityRange } from '../api/activity';
import { ACTIVITY_TYPES, activityTotals, bucketLabel, customRangeState, type ActivityType } from '../lib/activity-view';
import { PROFILE_TEXTS } from '../texts';
import { CHART_COLORS, ChartCard, tooltipStyle } from './ChartCard';

const PRESETS = Object.keys(ACTIVITY_PRESETS) as ActivityPreset[];
/** Drawn in this order, so the played area (usually the larger) lies over the casted one. */
const SERIES = ['casted', 'played'] as const;
const TYPE_LABELS: Record<ActivityType, string> = {
  all: PROFILE_TEXTS.all,
  played: PROFILE_TEXTS.played,
  casted: PROFILE_TEXTS.casted,
};

/**
 * Activity over time (spec 2): finished games per day, week or month, All (played and casted drawn over each
 * other) / Played / Casted, over 3M, 6M
 * (default), 1Y or a custom From–To range (active once both are set; Clear goes back to 6M).
 */
export function ActivityChart({ userId }: { userId: string }) {
  const [preset, setPreset] = useState<ActivityPreset>(DEFAULT_ACTIVITY_PRESET);
  const [type, setType] = useState<ActivityType>('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const custom = customRangeState(from, to);
  const range: ActivityRange = custom === 'ready' ? { preset: 'custom', from, to } : { preset };
  const activity = useActivity(userId, range);
  const data = activity.data;
  const totals = data ? activityTotals(data.points) : { played: 0, casted: 0 };
  const points = data?.points.map((p) => ({ ...p, label: bucketLabel(p.start, data.bucket) })) ?? [];
  const clear = () => {
    setFrom('');
    setTo('');
    setPreset(DEFAULT_ACTIVITY_PRESET);
  };

  const controls = (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1.5 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={type}
        onChange={(_e, value: ActivityType | null) => value && setType(value)}
        aria-label={PROFILE_TEXTS.typeLabel}
      >
        {ACTIVITY_TYPES.map((t) => (
          <ToggleButton key={t} value={t}>
            {TYPE_LABELS[t]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={custom === 'ready' ? null : preset}
        onChange={(_e, value: ActivityPreset | null) => {
          if (!value) return;
          setPreset(value);
          setFrom('');
          setTo('');
        }}
        aria-label={PROFILE_TEXTS.rangeLabel}
      >
        {PRESETS.map((p) => (
          <ToggleButton key={p} value={p}>
            {p}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="group" aria-label={PROFILE_TEXTS.custom}>
        <TextField
          size="small"
          type="date"
          label={PROFILE_TEXTS.from}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
          sx={{ width: 158 }}
        />
        <TextField
          size="small"
          type="date"
          label={PROFILE_TEXTS.to}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={custom === 'invalid'}
          helperText={custom === 'invalid' ? PROFILE_TEXTS.toBeforeFrom : undefined}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
          sx={{ width: 158 }}
        />
        {(from || to) && (
          <Button size="small" onClick={clear}>
            {PROFILE_TEXTS.clear}
          </Button>
        )}
      </Stack>
    </Stack>
  );

  const summary = data
    ? `${data.from} – ${data.to}: ${totals.played} ${PROFILE_TEXTS.played}, ${totals.casted} ${PROFILE_TEXTS.casted}`
    : PROFILE_TEXTS.chartsLoading;
  return (
    <ChartCard title={PROFILE_TEXTS.activity} summary={summary} actions={controls}>
      <Box
        sx={{ height: 240, opacity: activity.isPlaceholderData ? 0.6 : 1 }}
        data-testid="activity-chart"
        data-range={data ? `${data.from}/${data.to}/${data.bucket}` : ''}
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={points} margin={{ top: 8, right: 12, left: -20, bottom: 0 }}>
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
                name={TYPE_LABELS[key]}
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
