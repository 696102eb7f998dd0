import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { UserStats } from '@scrim-gym/shared';
import { PROFILE_TEXTS } from '../texts';
import { ActivityChart } from './ActivityChart';
import { GamesBars, LevelRadial, StatsSummary, WinRatePie } from './StatCharts';

/** The profile's charts (spec 2), in their own lazy chunk with recharts. */
export function ProfileCharts({ userId, stats }: { userId: string; stats: UserStats }) {
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
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 1.5, sm: 2.5 },
          gridTemplateColumns: { xs: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        }}
      >
        <WinRatePie stats={stats} />
        <LevelRadial stats={stats} />
        <GamesBars stats={stats} />
        <StatsSummary stats={stats} />
      </Box>
      <Box sx={{ mt: { xs: 2, sm: 2.5 } }}>
        <ActivityChart userId={userId} />
      </Box>
    </Box>
  );
}
