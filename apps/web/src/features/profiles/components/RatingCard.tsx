import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LEADERBOARD_MESSAGES, RATING_TEXTS as T } from '@scrim-gym/shared';
import { useRoleStats, useUserRating } from '../api/rating';
import { ChartCard } from '../../../components/charts/ChartCard';
import { RatingChart, ratingPoints } from '../../../components/charts/RatingChart';

const panel = { m: 0, p: { xs: 1.5, sm: 2 }, bgcolor: 'rgba(15,30,54,0.85)', minWidth: 0 } as const;

/**
 * The profile's rating card: the display rating (marked provisional for the first games), its history as a line
 * and the roles played in the season's rated games. Nothing while the rating loads or if it cannot be read.
 */
export function RatingCard({ userId }: { userId: string }) {
  const rating = useUserRating(userId).data;
  const roles = useRoleStats(userId).data?.roles;
  if (!rating) return null;
  const points = ratingPoints(rating.history);
  const mostGames = Math.max(1, ...(roles ?? []).map((r) => r.games));
  const played = (roles ?? []).filter((r) => r.games > 0);

  return (
    <Box
      component="section"
      aria-labelledby="profile-rating-title"
      sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, gridTemplateColumns: { xs: '1fr', md: '240px 1fr 280px' } }}
    >
      <Paper sx={{ ...panel, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Typography id="profile-rating-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {T.title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography
            sx={{ fontSize: 40, fontWeight: 800, lineHeight: 1.1, color: 'primary.main' }}
            aria-describedby="profile-rating-games"
          >
            {rating.rating}
          </Typography>
          {rating.provisional && (
            <Tooltip title={T.provisionalHint}>
              <Chip label={T.provisional} size="small" variant="outlined" color="warning" />
            </Tooltip>
          )}
        </Box>
        <Typography id="profile-rating-games" variant="body2" color="text.secondary">
          {T.gamesRated(rating.gamesRated)}
        </Typography>
        {rating.recalculating && (
          <Typography role="status" variant="body2" color="info.main">
            {LEADERBOARD_MESSAGES.recalculating}
          </Typography>
        )}
        <Link component={RouterLink} to="/leaderboard" variant="body2" sx={{ mt: 'auto' }}>
          {T.leaderboard}
        </Link>
      </Paper>
      <ChartCard
        title={T.history}
        summary={points.length ? T.historySummary(points[0]!, points.at(-1)!, rating.history.length) : T.noHistory}
      >
        {points.length ? (
          <RatingChart points={points} />
        ) : (
          <Typography color="text.secondary">{T.noHistory}</Typography>
        )}
      </ChartCard>
      <Paper component="figure" sx={panel} aria-labelledby="profile-roles-title">
        <Typography id="profile-roles-title" component="figcaption" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {T.roles}
        </Typography>
        {roles && (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
            {roles.map((role) => (
              <Box component="li" key={role.role} aria-label={T.roleGames(role.role, role.games, role.wins)}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between' }} aria-hidden>
                  <Typography variant="body2">{role.role}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {role.games}
                  </Typography>
                </Box>
                <LinearProgress
                  variant="determinate"
                  value={(100 * role.games) / mostGames}
                  aria-hidden
                  sx={{ height: 6, borderRadius: 3 }}
                />
              </Box>
            ))}
          </Box>
        )}
        {roles && played.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {T.noHistory}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
