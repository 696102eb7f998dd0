import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { BOARD_TEXTS as T, type ScrimPost, type ScrimRequest, type Series } from '@scrim-gym/shared';
import { useConfirm } from '../../../components/ConfirmDialog';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useAcceptRequest, useDeclineRequest, useScrimRequests } from '../api/board';
import { TeamCardBadge } from './TeamCardBadge';

/** A post's requests for its captains: each asking team with its note, Accept (books the series) or Decline. */
export function RequestsPanel({ post }: { post: ScrimPost }) {
  const requests = useScrimRequests(post._id, true);
  const accept = useAcceptRequest();
  const decline = useDeclineRequest();
  const showAlert = useAlert();
  const navigate = useNavigate();
  const [confirm, confirmDialog] = useConfirm();
  const failed = (error: unknown) => showAlert({ type: 'Error', message: messageOf(error, T.failedAction) });
  const busy = accept.isPending || decline.isPending;

  const onAccept = async (request: ScrimRequest) => {
    const ok = await confirm({
      title: T.confirmAccept(request.team.name),
      message: T.confirmAcceptText,
      confirmLabel: T.accept,
    });
    if (!ok) return;
    // Not mutate's own onSuccess: the board read again after the accept no longer lists the closed post, so this
    // panel unmounts before that callback would run, and the captain would stay on the board.
    let series: Series;
    try {
      series = await accept.mutateAsync(request._id);
    } catch (error) {
      failed(error);
      return;
    }
    void navigate(`/series/${series._id}`);
  };

  if (requests.isPending) return <CircularProgress size={20} aria-label={T.loading} />;
  if (requests.isError) return <Alert severity="error">{T.failed}</Alert>;
  const open = requests.data.filter((request) => request.status === 'open');
  return (
    <>
      {open.length === 0 ? (
        <Typography color="text.secondary">{T.noRequests}</Typography>
      ) : (
        <List aria-label={T.requestsOf(post.team.name)} disablePadding>
          {open.map((request) => (
            <ListItem
              key={request._id}
              disableGutters
              divider
              sx={{ flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'center' }, gap: 1.5 }}
            >
              <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
                <TeamCardBadge team={request.team} />
                {request.note && (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                    {request.note}
                  </Typography>
                )}
              </Stack>
              <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                <Button
                  variant="contained"
                  disabled={busy}
                  aria-label={T.acceptOf(request.team.name)}
                  onClick={() => void onAccept(request)}
                >
                  {T.accept}
                </Button>
                <Button
                  color="inherit"
                  disabled={busy}
                  aria-label={T.declineOf(request.team.name)}
                  onClick={() =>
                    decline.mutate(request._id, {
                      onSuccess: () => showAlert({ type: 'Success', message: T.declined }),
                      onError: failed,
                    })
                  }
                >
                  {T.decline}
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      {confirmDialog}
    </>
  );
}
