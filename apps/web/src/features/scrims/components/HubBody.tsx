import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SCRIM_TEXTS, type Scrim } from '@scrim-gym/shared';
import type { HubFilters } from '../hooks/useHubFilters';
import { useTimingNow } from '../hooks/useNow';
import { dayHeading, daysOfView, toDayKey } from '../lib/day';
import { groupScrims } from '../lib/group';
import { CounterTiles } from './CounterTiles';
import { HubSection } from './HubSection';
import { ScrimCard } from './ScrimCard';

/**
 * The hub's week view grouped by day, or its day: the counter tiles and the three sections, regrouped exactly when a scrim starts or its
 * 3-hour window ends. Current and previous sections show when they have scrims; upcoming always, with its
 * placeholder.
 */
export function HubBody({ scrims, filters }: { scrims: Scrim[]; filters: Pick<HubFilters, 'show' | 'day' | 'view'> }) {
  return filters.view === 'week' ? (
    <WeekBody scrims={scrims} day={filters.day} />
  ) : (
    <DayBody scrims={scrims} show={filters.show} />
  );
}

/** The week view: the seven days in order, each with its scrims (in start order) or 'No scrims'. */
function WeekBody({ scrims, day }: { scrims: Scrim[]; day: string }) {
  const byDay = new Map<string, Scrim[]>();
  for (const scrim of scrims) {
    const key = toDayKey(new Date(scrim.gameStartTime));
    byDay.set(key, [...(byDay.get(key) ?? []), scrim]);
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      {daysOfView(day, 'week').map((key) => {
        const ofDay = byDay.get(key) ?? [];
        return (
          <Box component="section" key={key} aria-label={dayHeading(key)} sx={{ display: 'grid', gap: 1.5 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              {dayHeading(key)}{' '}
              <Typography component="span" color="text.secondary">
                · {ofDay.length === 0 ? SCRIM_TEXTS.hub.noScrimsThatDay : SCRIM_TEXTS.hub.dayCount(ofDay.length)}
              </Typography>
            </Typography>
            {ofDay.map((scrim) => (
              <ScrimCard key={scrim._id} scrim={scrim} />
            ))}
          </Box>
        );
      })}
    </Box>
  );
}

function DayBody({ scrims, show }: { scrims: Scrim[]; show: HubFilters['show'] }) {
  const now = useTimingNow(scrims);
  const groups = groupScrims(scrims, now);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <CounterTiles
        counts={{ current: groups.current.length, upcoming: groups.upcoming.length, previous: groups.previous.length }}
      />
      {show.current && groups.current.length > 0 && (
        <HubSection title={SCRIM_TEXTS.hub.sections.current} scrims={groups.current} />
      )}
      {show.upcoming && (
        <HubSection
          title={SCRIM_TEXTS.hub.sections.upcoming}
          scrims={groups.upcoming}
          placeholder={SCRIM_TEXTS.hub.noUpcoming}
        />
      )}
      {show.previous && groups.previous.length > 0 && (
        <HubSection title={SCRIM_TEXTS.hub.sections.previous} scrims={groups.previous} />
      )}
    </Box>
  );
}
