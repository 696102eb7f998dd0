import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect } from 'react';
import { SCRIM_MESSAGES } from '@scrim-gym/shared';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { useCurrentUser } from '../../auth/api/session';
import { useScrims } from '../api/scrims';
import { HUB_TEXTS } from '../hub-texts';
import { useHubFilters } from '../hooks/useHubFilters';
import { useRefreshCooldown } from '../hooks/useRefreshCooldown';
import { useScrimSocket } from '../hooks/useScrimSocket';
import { useWideScreen } from '../hooks/useWideScreen';

const load = () => import('../lazy');
const HubFilters = lazy(() => load().then((m) => ({ default: m.HubFilters })));
const HubBody = lazy(() => load().then((m) => ({ default: m.HubBody })));

/**
 * The Scrims Hub: one region and one day, live. It is in the first bundle with the landing page, so
 * it holds only the frame and the data request; the tiles, sections, cards, filters and the socket client
 * load in one chunk on demand, while the list is being fetched.
 */
export function ScrimsHubPage() {
  const { user } = useCurrentUser();
  const filters = useHubFilters();
  const wide = useWideScreen();
  const query = useScrims({ region: filters.region, day: filters.day, withSecrets: Boolean(user && !user.isAdmin) });
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
      {query.isPending ? (
        loading
      ) : scrims.length === 0 ? (
        <Box role="status" sx={{ textAlign: 'center', py: 8 }}>
          <Typography variant="h6" component="p">
            {SCRIM_MESSAGES.noScrims(filters.region)}
          </Typography>
          <Typography color="text.secondary">{HUB_TEXTS.noScrimsHint}</Typography>
        </Box>
      ) : (
        <Suspense fallback={loading}>
          <HubBody scrims={scrims} show={filters.show} />
        </Suspense>
      )}
    </Container>
  );
}
