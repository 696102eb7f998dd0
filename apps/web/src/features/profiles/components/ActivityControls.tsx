import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { ACTIVITY_PRESETS, ACTIVITY_TYPE_LABELS, PROFILE_TEXTS, type ActivityPreset } from '@scrim-gym/shared';
import type { ActivityRangeState } from '../hooks/useActivityRange';
import { ACTIVITY_TYPES, type ActivityType } from '../lib/activity-view';

const PRESETS = Object.keys(ACTIVITY_PRESETS) as ActivityPreset[];

/** All / Played / Casted, 3M / 6M / 1Y, and the custom From and To dates of the activity chart. */
export function ActivityControls({ state }: { state: ActivityRangeState }) {
  const { type, preset, custom, from, to } = state;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1.5 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={type}
        onChange={(_e, value: ActivityType | null) => value && state.setType(value)}
        aria-label={PROFILE_TEXTS.typeLabel}
      >
        {ACTIVITY_TYPES.map((t) => (
          <ToggleButton key={t} value={t}>
            {ACTIVITY_TYPE_LABELS[t]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={custom === 'ready' ? null : preset}
        onChange={(_e, value: ActivityPreset | null) => value && state.setPreset(value)}
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
          onChange={(e) => state.setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
          sx={{ width: 158 }}
        />
        <TextField
          size="small"
          type="date"
          label={PROFILE_TEXTS.to}
          value={to}
          onChange={(e) => state.setTo(e.target.value)}
          error={custom === 'invalid'}
          helperText={custom === 'invalid' ? PROFILE_TEXTS.toBeforeFrom : undefined}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
          sx={{ width: 158 }}
        />
        {(from || to) && (
          <Button size="small" onClick={state.clear}>
            {PROFILE_TEXTS.clear}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
