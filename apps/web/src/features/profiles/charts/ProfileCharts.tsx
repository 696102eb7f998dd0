import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { UserStats } from '@scrim-gym/shared';
import { ActivityChart, type ActivityView } from './ActivityChart';
import { GamesBars, LevelRadial, StatsSummary, WinRatePie } from './StatCharts';

/**
 * The profile's charts: recharts and drawing only, in their own lazy chunk. The data requests and the
 * activity controls stay in the page's chunk, so this chunk shares nothing new with the first bundle.
 */
export function ProfileCharts({
  stats,
  activity,
  activityControls,
}: {
  stats: UserStats;
  activity: ActivityView;
  activityControls: ReactNode;
}) {
  return (
    <>
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
        <ActivityChart activity={activity} controls={activityControls} />
      </Box>
    </>
  );
}
