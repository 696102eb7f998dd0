import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { RELIABILITY_WINDOW } from '@scrim-gym/shared';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useClearCooldown, useReliability } from '../api/reliability';
import { RELIABILITY_TEXTS as T } from '../texts';

/** Green from 90 %, amber from 70 %, red below. */
const scoreColor = (score: number) => (score >= 90 ? 'success.main' : score >= 70 ? 'warning.main' : 'error.main');

/**
 * The profile's reliability (issue 17): the share of the last 20 commitments kept, how many count and how many
 * were no-shows, and a cooldown while it lasts, which admins can clear. Nothing while it loads or if it cannot
 * be read.
 */
export function ReliabilityCard({ userId, viewerIsAdmin }: { userId: string; viewerIsAdmin: boolean }) {
  const reliability = useReliability(userId).data;
  const clear = useClearCooldown(userId);
  const showAlert = useAlert();
  if (!reliability) return null;
  const { score, commitments, noShows, cooldownUntil } = reliability;
  const cooling = cooldownUntil !== null && new Date(cooldownUntil).getTime() > Date.now();

  return (
    <Paper
      component="section"
      aria-labelledby="profile-reliability-title"
      sx={{ p: { xs: 1.5, sm: 2 }, bgcolor: 'rgba(15,30,54,0.85)', display: 'grid', gap: 0.75, minWidth: 0 }}
    >
      <Typography id="profile-reliability-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {T.title}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography
          sx={{
            fontSize: 32,
            fontWeight: 800,
            lineHeight: 1.1,
            color: score === null ? 'text.secondary' : scoreColor(score),
          }}
        >
          {score === null ? T.noScore : T.score(score)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {T.commitments(commitments)} · {T.noShows(noShows)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {T.explain(RELIABILITY_WINDOW)}
      </Typography>
      {cooling && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ color: 'warning.main', fontWeight: 700 }}>
            {T.cooldown(dayjs(cooldownUntil).format('MM/DD/YYYY h:mm A'))}
          </Typography>
          {viewerIsAdmin && (
            <Button
              size="small"
              variant="outlined"
              color="warning"
              disabled={clear.isPending}
              onClick={() =>
                clear.mutate(undefined, {
                  onSuccess: () => showAlert({ type: 'Success', message: T.cooldownCleared }),
                  onError: (error) => showAlert({ type: 'Error', message: messageOf(error) }),
                })
              }
            >
              {T.clearCooldown}
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}
