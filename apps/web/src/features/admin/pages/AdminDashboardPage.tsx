import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { ADMIN_TEXTS as T } from '@scrim-gym/shared';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { ApiError } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useCurrentUser } from '../../auth/api/session';
import { useDashboardStats, useLiftExpiredBans, useRecentActivities, useServerStatus } from '../api/admin';
import { useDisputes } from '../api/results';
import { BanManagementPanel } from '../components/dashboard/BanManagementPanel';
import { BanStatsChart, RankChart, RegionChart, WeeklyScrimsChart } from '../components/dashboard/DistributionCharts';
import { DiscordWebhooksPanel } from '../components/dashboard/DiscordWebhooksPanel';
import { DisputesPanel } from '../components/dashboard/DisputesPanel';
import { QuickActions } from '../components/dashboard/QuickActions';
import { RecentActivityList } from '../components/dashboard/RecentActivityList';
import { RegistrationsChart } from '../components/dashboard/RegistrationsChart';
import { StatCards } from '../components/dashboard/StatCards';
import { SystemStatusPanel } from '../components/dashboard/SystemStatusPanel';
import { dashboardTheme } from '../theme';

const isForbidden = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/** Shows an alert once per error. */
function useErrorAlert(error: unknown, message: string) {
  const showAlert = useAlert();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    showAlert({ type: 'Error', message });
  }, [error, message, showAlert]);
}

/** The admin dashboard, in its dark blue theme. */
export function AdminDashboardPage() {
  const { user } = useCurrentUser();
  const stats = useDashboardStats();
  const activities = useRecentActivities();
  const status = useServerStatus();
  const lift = useLiftExpiredBans();
  const disputes = useDisputes();
  const showAlert = useAlert();
  const forbidden = isForbidden(stats.error);
  useErrorAlert(stats.error, forbidden ? T.noDashboardPermission : T.dashboardLoadFailed);

  const refresh = () => {
    void stats.refetch();
    void activities.refetch();
    void status.refetch();
    void disputes.refetch();
  };
  const liftExpired = () =>
    lift.mutate(undefined, {
      onSuccess: (answer) => showAlert({ type: 'Success', message: answer.message || T.expiredLifted }),
      onError: () => showAlert({ type: 'Error', message: T.liftFailed }),
    });

  if (forbidden) return <Navigate to="/" replace />;
  const refreshing = stats.isFetching || activities.isFetching || status.isFetching;

  return (
    <ThemeProvider theme={dashboardTheme}>
      <Box>
        <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 }, display: 'grid', gap: 3 }}>
          <Box component="header" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
            <Box sx={{ flexGrow: 1 }}>
              <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
                {T.dashboardTitle}
              </Typography>
              <Typography color="text.secondary">{user ? T.welcome(user.name) : T.dashboardIntro}</Typography>
            </Box>
            <Button variant="outlined" startIcon={<RefreshIcon />} onClick={refresh} disabled={refreshing}>
              {T.refresh}
            </Button>
          </Box>

          {stats.isPending ? (
            <LoadingScreen text={T.loadingDashboard} />
          ) : !stats.data ? (
            <Typography role="alert" color="error" sx={{ py: 6, textAlign: 'center' }}>
              {T.dashboardLoadFailed}
            </Typography>
          ) : (
            <>
              <StatCards stats={stats.data} />
              <Box
                sx={{
                  display: 'grid',
                  gap: 3,
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
                }}
              >
                <RegistrationsChart growth={stats.data.monthlyUserGrowth} />
                <RegionChart regions={stats.data.regionDistribution} />
              </Box>
              <Box
                sx={{
                  display: 'grid',
                  gap: 3,
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
                }}
              >
                <WeeklyScrimsChart days={stats.data.weeklyScrimActivity} />
                <RankChart ranks={stats.data.rankDistribution} />
              </Box>
              <Box
                sx={{
                  display: 'grid',
                  gap: 3,
                  gridTemplateColumns: {
                    xs: 'minmax(0, 1fr)',
                    md: 'repeat(2, minmax(0, 1fr))',
                    lg: 'repeat(3, minmax(0, 1fr))',
                  },
                }}
              >
                <BanStatsChart bans={stats.data.banStatistics} />
                <BanManagementPanel
                  bans={stats.data.banStatistics}
                  onLiftExpired={liftExpired}
                  lifting={lift.isPending}
                />
                <Box sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
                  <SystemStatusPanel status={status.data} loading={status.isPending} />
                  <QuickActions />
                </Box>
              </Box>
              <DisputesPanel disputes={disputes.data ?? []} loading={disputes.isPending} />
              <DiscordWebhooksPanel />
              <RecentActivityList activities={activities.data ?? []} loading={activities.isPending} />
            </>
          )}
        </Container>
      </Box>
    </ThemeProvider>
  );
}
