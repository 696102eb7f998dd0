import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useId, useState } from 'react';
import { BOARD_TEXTS as T, type ScrimPost, type TeamView } from '@scrim-gym/shared';
import { useConfirm } from '../../../components/ConfirmDialog';
import { messageOf } from '../../../lib/api';
import { formatWhen } from '../../../lib/datetime';
import { useAlert } from '../../alerts/alert-context';
import { useDeletePost, useScrimRequests, useWithdrawRequest } from '../api/board';
import { RequestDialog } from './RequestDialog';
import { RequestsPanel } from './RequestsPanel';
import { TeamCardBadge } from './TeamCardBadge';

/**
 * One open post: who, when (in the viewer's time zone), how and for whom. Its team's captains see its requests
 * and take it down; other captains of its region ask for it, or withdraw what they asked.
 */
export function PostCard({ post, captained }: { post: ScrimPost; captained: TeamView[] }) {
  const when = formatWhen(post.startsAt);
  const own = captained.some((team) => team._id === post.team._id);
  const askers = own ? [] : captained.filter((team) => team.region === post.region);
  return (
    <Paper
      component="article"
      aria-label={T.postedBy(post.team.name, when)}
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Stack spacing={1.5}>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            justifyContent: 'space-between',
            gap: 1.5,
          }}
        >
          <TeamCardBadge team={post.team} />
          <Box sx={{ textAlign: { sm: 'right' }, flexShrink: 0 }}>
            <Typography component="h3" sx={{ fontWeight: 700 }}>
              <Box component="span" sx={visuallyHidden}>
                {T.postedByPrefix(post.team.name)}
              </Box>
              {when}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {T.requests(post.requestCount)}
            </Typography>
          </Box>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip size="small" color="primary" label={T.formats[post.format]} />
          {post.fearless && <Chip size="small" color="secondary" label={T.fearless} />}
          <Chip size="small" variant="outlined" label={T.wantedRanks(post.rankMin, post.rankMax)} />
          <Chip size="small" variant="outlined" label={post.region} />
          {own && <Chip size="small" color="success" label={T.yourPost} />}
        </Stack>
        {post.note && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {post.note}
          </Typography>
        )}
        {own ? <OwnPostActions post={post} /> : askers.length > 0 && <AskActions post={post} teams={askers} />}
      </Stack>
    </Paper>
  );
}

function OwnPostActions({ post }: { post: ScrimPost }) {
  const [showRequests, setShowRequests] = useState(post.requestCount > 0);
  const remove = useDeletePost();
  const showAlert = useAlert();
  const [confirm, confirmDialog] = useConfirm();
  const regionId = useId();
  const takeDown = async () => {
    const ok = await confirm({
      title: T.confirmTakeDown,
      message: T.confirmTakeDownText,
      confirmLabel: T.takeDown,
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(post._id, {
      onSuccess: () => showAlert({ type: 'Success', message: T.takenDown }),
      onError: (error) => showAlert({ type: 'Error', message: messageOf(error, T.failedAction) }),
    });
  };
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          aria-expanded={showRequests}
          aria-controls={regionId}
          onClick={() => setShowRequests((shown) => !shown)}
        >
          {T.showRequests(post.requestCount)}
        </Button>
        <Button color="error" onClick={() => void takeDown()} disabled={remove.isPending}>
          {T.takeDown}
        </Button>
      </Stack>
      <Collapse in={showRequests} unmountOnExit>
        <Box id={regionId} role="region" aria-label={T.requestsOf(post.team.name)}>
          <RequestsPanel post={post} />
        </Box>
      </Collapse>
      {confirmDialog}
    </>
  );
}

/** A captain of another team of the region: Request, or their open request and Withdraw. */
function AskActions({ post, teams }: { post: ScrimPost; teams: TeamView[] }) {
  const [asking, setAsking] = useState(false);
  const requests = useScrimRequests(post._id, true);
  const withdraw = useWithdrawRequest();
  const showAlert = useAlert();
  const [confirm, confirmDialog] = useConfirm();
  const mine = (requests.data ?? []).filter(
    (request) => request.status === 'open' && teams.some((team) => team._id === request.team._id),
  );
  const free = teams.filter((team) => !mine.some((request) => request.team._id === team._id));
  return (
    <Stack spacing={1}>
      {mine.map((request) => (
        <Stack
          key={request._id}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography variant="body2" color="text.secondary">
            {T.yourRequest(request.team.name)} · {T.statusOf.open}
          </Typography>
          <Button
            color="inherit"
            disabled={withdraw.isPending}
            onClick={async () => {
              if (!(await confirm({ title: T.confirmWithdraw, confirmLabel: T.withdraw, destructive: true }))) return;
              withdraw.mutate(request._id, {
                onSuccess: () => showAlert({ type: 'Success', message: T.withdrawn }),
                onError: (error) => showAlert({ type: 'Error', message: messageOf(error, T.failedAction) }),
              });
            }}
          >
            {T.withdraw}
          </Button>
        </Stack>
      ))}
      {free.length > 0 && !requests.isPending && (
        <Box>
          <Button variant="contained" onClick={() => setAsking(true)}>
            {T.request}
          </Button>
        </Box>
      )}
      {asking && <RequestDialog post={post} teams={free} open onClose={() => setAsking(false)} />}
      {confirmDialog}
    </Stack>
  );
}
