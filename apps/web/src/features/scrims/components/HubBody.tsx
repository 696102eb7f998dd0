import Box from '@mui/material/Box';
import type { Scrim } from '@scrim-gym/shared';
import type { HubFilters } from '../hooks/useHubFilters';
import { useTimingNow } from '../hooks/useNow';
import { groupScrims } from '../lib/group';
import { SCRIM_TEXTS } from '../texts';
import { CounterTiles } from './CounterTiles';
import { HubSection } from './HubSection';

/**
 * The hub's counter tiles and its three sections, regrouped exactly when a scrim starts or its
 * 3-hour window ends. Current and previous sections show when they have scrims; upcoming always, with its
 * placeholder.
 */
export function HubBody({ scrims, show }: { scrims: Scrim[]; show: HubFilters['show'] }) {
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
