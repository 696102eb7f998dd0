import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import {
  RELIABILITY_MIN_COMMITMENTS,
  RELIABILITY_WINDOW,
  RELIABILITY_TEXTS as T,
  type BrokenCommitment,
} from '@scrim-gym/shared';
import { messageOf } from '../../../lib/api';
import { formatListDate, formatWhen } from '../../../lib/datetime';
import { useAlert } from '../../alerts/alert-context';
import { useClearCooldown, useReliability } from '../api/reliability';

/** Green from 90 %, amber from 70 %, red below. */
const scoreColor = (score: number) => (score >= 90 ? 'success.main' : score >= 70 ? 'warning.main' : 'error.main');

/**
 * The profile's reliability: "New" below the minimum of commitments, else the share of the last 20 kept; how many
 * count, the no-shows and late leaves (each with its date and scrim), and a cooldown while it lasts, which admins
 * can clear. Nothing while it loads or if it cannot be read.
 */
export function ReliabilityCard({ userId, viewerIsAdmin }: { userId: string; viewerIsAdmin: boolean }) {
  const reliability = useReliability(userId).data;
  const clear = useClearCooldown(userId);
  const showAlert = useAlert();
  if (!reliability) return null;
  const { state, score, commitments, noShows, lateLeaves, broken, cooldownUntil } = reliability;
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
            color: state === 'new' || score === null ? 'text.secondary' : scoreColor(score),
          }}
        >
          {state === 'new' || score === null ? T.newPlayer : T.score(score)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {T.commitments(commitments)} · {T.noShows(noShows)} · {T.lateLeaves(lateLeaves)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {state === 'new'
          ? T.explainNew(RELIABILITY_MIN_COMMITMENTS, RELIABILITY_WINDOW)
          : T.explain(RELIABILITY_WINDOW)}
      </Typography>
      {broken.length > 0 && <BrokenList broken={broken} />}
      {cooling && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ color: 'warning.main', fontWeight: 700 }}>
            {T.cooldown(formatWhen(cooldownUntil))}
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

/** The no-shows and late leaves the share counts, newest first: what happened, when, and in which scrim. */
function BrokenList({ broken }: { broken: BrokenCommitment[] }) {
  return (
    <Box component="section" aria-labelledby="profile-reliability-broken" sx={{ minWidth: 0 }}>
      <Typography id="profile-reliability-broken" variant="body2" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
        {T.brokenTitle}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
        {broken.map((item) => (
          <Box
            component="li"
            key={`${item.outcome}:${item.at}:${item.scrim?._id ?? ''}`}
            sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, fontSize: '0.875rem', minWidth: 0 }}
          >
            <Box component="span" sx={{ fontWeight: 700, color: 'warning.main' }}>
              {T.outcome[item.outcome]}
            </Box>
            {item.scrim ? (
              <Link
                component={RouterLink}
                to={`/scrims/${item.scrim._id}`}
                sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {item.scrim.title}
              </Link>
            ) : (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {T.privateScrim}
              </Box>
            )}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {formatListDate(item.scrim?.gameStartTime ?? item.at)}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
