import { useState } from 'react';
import { DEFAULT_ACTIVITY_PRESET, type ActivityPreset } from '@scrim-gym/shared';
import type { ActivityRange } from '../api/activity';
import { customRangeState, type ActivityType } from '../lib/activity-view';

/**
 * The activity chart's choices: a preset (6M by default) or a custom From–To range, active
 * once both are set and To is not before From; Clear goes back to 6M. And the All / Played / Casted toggle.
 */
export function useActivityRange() {
  const [preset, setPresetState] = useState<ActivityPreset>(DEFAULT_ACTIVITY_PRESET);
  const [type, setType] = useState<ActivityType>('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const custom = customRangeState(from, to);
  const range: ActivityRange = custom === 'ready' ? { preset: 'custom', from, to } : { preset };
  return {
    range,
    custom,
    preset,
    type,
    from,
    to,
    setType,
    setFrom,
    setTo,
    /** A preset replaces a custom range. */
    setPreset(next: ActivityPreset) {
      setPresetState(next);
      setFrom('');
      setTo('');
    },
    clear() {
      setFrom('');
      setTo('');
      setPresetState(DEFAULT_ACTIVITY_PRESET);
    },
  };
}

export type ActivityRangeState = ReturnType<typeof useActivityRange>;
