import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect } from 'react';
import { SCRIM_MESSAGES, HUB_TEXTS } from '@scrim-gym/shared';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { useCurrentUser } from '../../auth/api/session';
import { useScrims } from '../api/scrims';
import { useHubFilters } from '../hooks/useHubFilters';
import { viewRange } from '../lib/day';
import { useRefreshCooldown } from '../hooks/useRefreshCooldown';
import { useScrimSocket } from '../hooks/useScrimSocket';
import { useWideScreen } from '../hooks/useWideScreen';

const load = () => import('../lazy');
const HubFilters = lazy(() => load().then((m) => ({ default: m.HubFilters })));
const HubBody = lazy(() => load().then((m) => ({ default: m.HubBody })));
const HubDayNav = lazy(() => load().then((m) => ({ default: m.HubDayNav })));
const EmptyDay = lazy(() => load().then((m) => ({ default: m.EmptyDay })));

/**
 * The Scrims Hub: one region and one day, live. It is in the first bundle with the landing page, so
 * it holds only the frame and the data request; the tiles, sections, cards, filters and the socket client
 * load in one chunk on demand, while the list is being fetched.
 */
export function ScrimsHubPage() {
  const { user } = useCurrentUser();
  const filters = useHubFilters();
  const wide = useWideScreen();
  const query = useScrims({
    region: filters.region,
    day: filters.day,
    view: filters.view,
    withSecrets: Boolean(user && !user.isAdmin),
  });
  useScrimSocket({ region: filters.region }, load);
  useEffect(() => {
    void load();
  }, []);
  useEffect(() => {
    // A failed list fetch is logged and the hub shows no scrims.
    if (query.error) console.error('Error fetching scrims', query.error);
  }, [query.error]);
  const refresh = useRefreshCooldown(() => void query.refetch());
  const scrims = query.data ?? [];
  const loading = <LoadingScreen text={SCRIM_MESSAGES.loading} />;

  return (
    <Container
      maxWidth="lg"
      sx={{ py: { xs: 3, md: 4 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {HUB_TEXTS.hubTitle}
          </Typography>
          {user && <Typography color="text.secondary">{HUB_TEXTS.welcome(user.name)}</Typography>}
        </Box>
        <Button variant="outlined" onClick={refresh.onClick} disabled={refresh.coolingDown}>
          {HUB_TEXTS.refresh}
        </Button>
      </Box>
      {!wide && (
        <Suspense fallback={<Box sx={{ minHeight: 40 }} />}>
          <HubFilters variant="page" />
        </Suspense>
      )}
      <Suspense fallback={<Box sx={{ minHeight: 40 }} />}>
        <HubDayNav filters={filters} />
      </Suspense>
      {query.isPending ? (
        loading
      ) : scrims.length === 0 ? (
        <Suspense fallback={loading}>
          <EmptyDay region={filters.region} after={viewRange(filters.day, filters.view).endDate} />
        </Suspense>
      ) : (
        <Suspense fallback={loading}>
          <HubBody scrims={scrims} filters={filters} />
        </Suspense>
      )}
    </Container>
  );
}
