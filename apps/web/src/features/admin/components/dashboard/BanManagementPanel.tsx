import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ADMIN_TEXTS as T, type DashboardStats } from '@scrim-gym/shared';
import { CHART } from '../../theme';
import { Panel } from './Panel';

export const BANS_PATH = '/admin/bans';

/** Ban Management: quick counts, 'Lift All Expired Bans' (disabled when none), history links. */
export function BanManagementPanel({
  bans,
  onLiftExpired,
  lifting,
}: {
  bans: DashboardStats['banStatistics'];
  onLiftExpired: () => void;
  lifting: boolean;
}) {
  const lifted = Math.max(0, bans.totalBans - bans.activeBans - bans.expiredBans);
  const counts = [
    { label: T.banCounts.active, value: bans.activeBans, color: CHART.bans.active },
    { label: T.banCounts.expired, value: bans.expiredBans, color: CHART.bans.expired },
    { label: T.banCounts.lifted, value: lifted, color: CHART.bans.unbanned },
    { label: T.banCounts.total, value: bans.totalBans, color: 'text.primary' },
  ];
  return (
    <Panel title={T.banManagement}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        {counts.map((c) => (
          <Box key={c.label} sx={{ p: 1.5, borderRadius: 2, bgcolor: 'rgba(91,181,240,0.06)' }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {c.label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 800, color: c.color }}>
              {c.value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 1, mt: 2 }}>
        <Button
          variant="contained"
          color="warning"
          onClick={onLiftExpired}
          disabled={bans.expiredBans === 0 || lifting}
        >
          {T.liftAll}
        </Button>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          <Button variant="outlined" component={RouterLink} to={BANS_PATH}>
            {T.viewBanHistory}
          </Button>
          <Button variant="outlined" component={RouterLink} to={BANS_PATH}>
            {T.manageBans}
          </Button>
        </Box>
      </Box>
    </Panel>
  );
}
