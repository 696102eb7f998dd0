import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SCRIM_TEXTS, type Region } from '@scrim-gym/shared';
import { regionsFirst } from '../../../lib/regions';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../auth/api/session';
import { useHubFilters, VISIBILITY, type Visibility } from '../hooks/useHubFilters';
import { isDayKey, todayKey } from '../lib/day';

/**
 * The hub's region select, date picker and the previous / current / upcoming checkboxes. In the
 * navigation bar on wide screens (`nav`), in the page otherwise; both share the URL state.
 */
export function HubFilters({ variant }: { variant: 'nav' | 'page' }) {
  const { user } = useCurrentUser();
  const filters = useHubFilters();
  const [, setParams] = useSearchParams();
  /** Changes the URL in place (no history entry per click); today, shown and defaults leave the URL clean. */
  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true },
    );
  const setRegion = (value: Region) => update((p) => p.set('region', value));
  const setDay = (value: string) => {
    if (isDayKey(value)) update((p) => (value === todayKey() ? p.delete('date') : p.set('date', value)));
  };
  const setShown = (which: Visibility, shown: boolean) => update((p) => (shown ? p.delete(which) : p.set(which, '0')));
  const nav = variant === 'nav';
  const id = `hub-${variant}`;

  return (
    <Box
      role="group"
      aria-label={SCRIM_TEXTS.hub.filtersLabel}
      sx={{ display: 'flex', flexWrap: nav ? 'nowrap' : 'wrap', alignItems: 'center', gap: nav ? 1.5 : 2 }}
    >
      <TextField
        select
        id={`${id}-region`}
        size="small"
        label={SCRIM_TEXTS.hub.region}
        value={filters.region}
        onChange={(e) => setRegion(e.target.value as Region)}
        sx={{ minWidth: 96 }}
      >
        {regionsFirst(user?.region).map((region) => (
          <MenuItem key={region} value={region}>
            {region}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id={`${id}-date`}
        type="date"
        size="small"
        label={SCRIM_TEXTS.hub.date}
        value={filters.day}
        onChange={(e) => setDay(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { lang: 'en-US', required: true } }}
        sx={{ width: 170, '& input::-webkit-calendar-picker-indicator': { filter: 'invert(0.8)' } }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
        {VISIBILITY.map((which) => (
          <FormControlLabel
            key={which}
            sx={{ mr: 1 }}
            control={
              <Checkbox
                size="small"
                checked={filters.show[which]}
                disabled={which === 'upcoming' && filters.isPast}
                onChange={(e) => setShown(which, e.target.checked)}
              />
            }
            label={SCRIM_TEXTS.hub.visibility[which]}
          />
        ))}
      </Box>
    </Box>
  );
}
