import BlockIcon from '@mui/icons-material/Block';
import BoltIcon from '@mui/icons-material/Bolt';
import GroupsIcon from '@mui/icons-material/Groups';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ADMIN_TEXTS as T, type DashboardStats } from '@scrim-gym/shared';

function StatCard({
  title,
  value,
  subtitle,
  icon,
  color,
}: {
  title: string;
  value: number;
  subtitle: string;
  icon: ReactNode;
  color: string;
}) {
  return (
    <Paper component="li" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 48,
          height: 48,
          borderRadius: 2,
          flexShrink: 0,
          color,
          bgcolor: `${color}22`,
        }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {title}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 800, lineHeight: 1.2 }}>
          {value.toLocaleString('en-US')}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {subtitle}
        </Typography>
      </Box>
    </Paper>
  );
}

/** The four stat cards: Total Users, Total Scrims, Active Today, Active Bans, with their subtitles. */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const bans = stats.banStatistics;
  return (
    <Box
      component="ul"
      aria-label="Key figures"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
      }}
    >
      <StatCard
        title={T.totalUsers}
        value={stats.totalUsers}
        subtitle={T.newThisWeek(stats.weeklyNewUsers)}
        icon={<GroupsIcon />}
        color="#5bb5f0"
      />
      <StatCard
        title={T.totalScrims}
        value={stats.totalScrims}
        subtitle={T.scrimsThisWeek(stats.weeklyNewScrims)}
        icon={<SportsEsportsIcon />}
        color="#c8aa6e"
      />
      <StatCard
        title={T.activeToday}
        value={stats.activeToday}
        subtitle={T.activeTodaySubtitle}
        icon={<BoltIcon />}
        color="#3ecf8e"
      />
      <StatCard
        title={T.activeBans}
        value={bans.activeBans}
        subtitle={T.activeBansSubtitle(bans.expiredBans, bans.totalBannedUsers)}
        icon={<BlockIcon />}
        color="#f25c54"
      />
    </Box>
  );
}
