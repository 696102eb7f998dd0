import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { BOARD_TEXTS as T, SCRIM_NOTE_MAX, type ScrimPost, type TeamView } from '@scrim-gym/shared';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useCreateRequest } from '../api/board';

/** Asks for a post as one of the viewer's teams of its region, with a note for its captain. */
export function RequestDialog({
  post,
  teams,
  open,
  onClose,
}: {
  post: ScrimPost;
  teams: TeamView[];
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const [teamId, setTeamId] = useState(teams[0]?._id ?? '');
  const [note, setNote] = useState('');
  const create = useCreateRequest(post._id);
  const showAlert = useAlert();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { teamId, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          showAlert({ type: 'Success', message: T.requested });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`} sx={{ pr: 7 }}>
          {T.requestTitle(post.team.name)}
        </DialogTitle>
        <DialogCloseButton onClose={onClose} />
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {create.isError && <Alert severity="error">{messageOf(create.error, T.failedAction)}</Alert>}
            {teams.length > 1 && (
              <TextField select label={T.requestAs} value={teamId} onChange={(e) => setTeamId(e.target.value)}>
                {teams.map((team) => (
                  <MenuItem key={team._id} value={team._id}>
                    {team.name} [{team.tag}]
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              label={T.note}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              multiline
              minRows={2}
              helperText={T.noteHelp(SCRIM_NOTE_MAX)}
              slotProps={{ htmlInput: { maxLength: SCRIM_NOTE_MAX } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{T.cancel}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending || !teamId}>
            {T.sendRequest}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
