import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useMemo, useState } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ADMIN_TEXTS as T, type DashboardStats } from '@scrim-gym/shared';
import {
  DEFAULT_RANGE,
  MONTH_PRESETS,
  isCustom,
  pickFrom,
  pickTo,
  registrationPoints,
  shownMonths,
  withPreset,
  type MonthPreset,
  type MonthRange,
} from '../../lib/months';
import { CHART, tooltipStyle } from '../../theme';
import { ChartBox, Panel } from './Panel';

/**
 * New User Registrations: 3M, 6M (default) or 1Y, or a From / To range of months (To never before
 * From) once both are set; Clear goes back to 6M. Every month of the range is drawn, zero when nobody joined.
 * The pickers show the preset's months until one is picked, so they never show an empty month input.
 */
export function RegistrationsChart({ growth }: { growth: DashboardStats['monthlyUserGrowth'] }) {
  const [range, setRange] = useState<MonthRange>(DEFAULT_RANGE);
  const points = useMemo(() => registrationPoints(growth, range), [growth, range]);
  const custom = isCustom(range);
  const shown = shownMonths(range);
  const summary = points.map((p) => `${p.label}: ${p.count}`).join(', ');
  const monthField = (label: string, value: string, onChange: (v: string) => void, min?: string) => (
    <TextField
      label={label}
      type="month"
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min } }}
      sx={{ width: 184 }}
    />
  );

  return (
    <Panel
      title={T.registrations}
      actions={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            aria-label="Registrations range"
            value={custom ? null : range.preset}
            onChange={(_e, preset: MonthPreset | null) => preset && setRange(withPreset(preset))}
          >
            {MONTH_PRESETS.map((preset) => (
              <ToggleButton key={preset} value={preset} sx={{ px: 1.5 }}>
                {T.presets[preset]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {monthField(T.from, shown.from, (from) => setRange((r) => pickFrom(r, from)))}
          {monthField(T.to, shown.to, (to) => setRange((r) => pickTo(r, to)), shown.from)}
          <Button
            size="small"
            onClick={() => setRange(DEFAULT_RANGE)}
            disabled={!range.from && !range.to && range.preset === 6}
          >
            {T.clear}
          </Button>
        </Box>
      }
      summary={`${T.newUsers} per month: ${summary}`}
    >
      <ChartBox height={280}>
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 12, left: -16, bottom: 0 }}>
            <defs>
              <linearGradient id="registrations-fill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={CHART.area} stopOpacity={0.55} />
                <stop offset="100%" stopColor={CHART.area} stopOpacity={0.05} />
              </linearGradient>
            </defs>
            <CartesianGrid stroke={CHART.grid} vertical={false} />
            <XAxis dataKey="label" stroke={CHART.axis} tick={{ fontSize: 12 }} minTickGap={12} />
            <YAxis allowDecimals={false} stroke={CHART.axis} tick={{ fontSize: 12 }} />
            <Tooltip {...tooltipStyle} />
            <Area
              type="monotone"
              dataKey="count"
              name={T.newUsers}
              stroke={CHART.area}
              fill="url(#registrations-fill)"
              strokeWidth={2}
            />
          </AreaChart>
        </ResponsiveContainer>
      </ChartBox>
    </Panel>
  );
}
