import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { SCRIM_TEXTS } from '@scrim-gym/shared';
import type { HubFilters } from '../hooks/useHubFilters';
import { addDays, dayHeading, daysOfView, todayKey, type HubView } from '../lib/day';

const T = SCRIM_TEXTS.hub;

/**
 * The previous / next arrows (a day, or a week in the week view) and the Day / Week toggle. Each is a history
 * entry (?date=…&view=week), so back and forward walk the days and a link opens the same view.
 */
export function HubDayNav({ filters }: { filters: Pick<HubFilters, 'day' | 'view'> }) {
  const [, setParams] = useSearchParams();
  const go = (day: string, view: HubView) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (day === todayKey()) next.delete('date');
      else next.set('date', day);
      if (view === 'week') next.set('view', 'week');
      else next.delete('view');
      return next;
    });
  const week = filters.view === 'week';
  const step = week ? 7 : 1;
  const days = daysOfView(filters.day, filters.view);
  const label = week ? `${dayHeading(days[0]!)} – ${dayHeading(days.at(-1)!)}` : dayHeading(filters.day);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <IconButton
        aria-label={week ? T.previousWeek : T.previousDay}
        onClick={() => go(addDays(filters.day, -step), filters.view)}
      >
        <ChevronLeftIcon />
      </IconButton>
      <Typography component="p" aria-live="polite" sx={{ fontWeight: 600, minWidth: { sm: 200 }, textAlign: 'center' }}>
        {label}
      </Typography>
      <IconButton
        aria-label={week ? T.nextWeek : T.nextDay}
        onClick={() => go(addDays(filters.day, step), filters.view)}
      >
        <ChevronRightIcon />
      </IconButton>
      <ToggleButtonGroup
        size="small"
        exclusive
        aria-label={T.view}
        value={filters.view}
        onChange={(_, view: HubView | null) => view && go(filters.day, view)}
        sx={{ ml: { sm: 'auto' } }}
      >
        <ToggleButton value="day">{T.day}</ToggleButton>
        <ToggleButton value="week">{T.week}</ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}
