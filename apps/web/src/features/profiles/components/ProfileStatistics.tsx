import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { PROFILE_TEXTS, type UserStats } from '@scrim-gym/shared';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { useActivity } from '../api/activity';
import { useActivityRange } from '../hooks/useActivityRange';
import { ActivityControls } from './ActivityControls';

// recharts stays out of the page's own chunk: the header and lists show while the charts load.
const ProfileCharts = lazy(() => import('../charts/ProfileCharts').then((m) => ({ default: m.ProfileCharts })));

/** 'Statistics': the charts of the stats and of the activity over a chosen range. */
export function ProfileStatistics({ userId, stats }: { userId: string; stats: UserStats }) {
  const range = useActivityRange();
  const activity = useActivity(userId, range.range);
  return (
    <Box component="section" aria-labelledby="profile-stats-title">
      <Typography
        id="profile-stats-title"
        variant="h5"
        component="h2"
        sx={{ mb: 1.5, textShadow: '0 1px 4px rgba(0,0,0,0.6)' }}
      >
        {PROFILE_TEXTS.statistics}
      </Typography>
      <Suspense fallback={<LoadingScreen text={PROFILE_TEXTS.chartsLoading} />}>
        <ProfileCharts
          stats={stats}
          activity={{ data: activity.data, type: range.type, stale: activity.isPlaceholderData }}
          activityControls={<ActivityControls state={range} />}
        />
      </Suspense>
    </Box>
  );
}
