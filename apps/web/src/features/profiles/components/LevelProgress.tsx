import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { PROFILE_TEXTS, type UserStats } from '@scrim-gym/shared';

/** Level and experience progress: 'Level 6', 9.5 / 10 EXP, a bar at 95 %. */
export function LevelProgress({ stats }: { stats: UserStats }) {
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 0.5 }}>
        <Typography variant="h6" component="p" sx={{ color: 'primary.main' }} data-testid="user-level">
          {PROFILE_TEXTS.level} {stats.userLevel}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="exp-progress">
          {PROFILE_TEXTS.expProgress(stats.expProgress, stats.expNeeded)}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={stats.expProgressPercent}
        aria-label={`${PROFILE_TEXTS.levelProgress}: ${stats.expProgressPercent}%`}
        sx={{ height: 10, borderRadius: 5 }}
      />
    </Box>
  );
}
