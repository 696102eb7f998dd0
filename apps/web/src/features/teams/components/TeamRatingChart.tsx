import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { TEAM_RATING_TEXTS as T } from '@scrim-gym/shared';
import { ChartCard } from '../../../components/charts/ChartCard';
import { RatingChart, ratingPoints } from '../../../components/charts/RatingChart';
import { useTeamRatingHistory } from '../api/teams';

/**
 * The team's rating over its rated series games of the season, as the profile draws a player's; until the team
 * has played, what to do next (a captain is pointed to the Scrim Board).
 */
export function TeamRatingChart({ teamId, isCaptain }: { teamId: string; isCaptain: boolean }) {
  const history = useTeamRatingHistory(teamId);
  if (history.isPending) return null;
  if (history.isError) return <Typography color="text.secondary">{T.failed}</Typography>;
  const points = ratingPoints(history.data);
  if (points.length === 0) {
    return (
      <ChartCard title={T.title}>
        <Typography color="text.secondary" sx={{ mb: isCaptain ? 1.5 : 0 }}>
          {isCaptain ? T.emptyCaptain : T.empty}
        </Typography>
        {isCaptain && (
          <Button variant="outlined" component={RouterLink} to="/board" sx={{ alignSelf: 'flex-start' }}>
            {T.findScrim}
          </Button>
        )}
      </ChartCard>
    );
  }
  return (
    <ChartCard title={T.title} summary={T.summary(points[0]!, points.at(-1)!, history.data.length)}>
      <RatingChart points={points} />
    </ChartCard>
  );
}
