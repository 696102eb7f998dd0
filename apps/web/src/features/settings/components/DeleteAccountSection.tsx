import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { DELETE_ACCOUNT_TEXTS as TEXTS, type CurrentUser } from '@scrim-gym/shared';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useDeleteAccount } from '../api/account';

/** As the server compares: ignoring case and runs of spaces. */
const normalise = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Settings' last section: delete my account. A dialog asks for the summoner name typed out (the server checks it
 * again); once deleted, the tab is signed out and goes home with the server's message.
 */
export function DeleteAccountSection({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const deleteAccount = useDeleteAccount();
  const navigate = useNavigate();
  const showAlert = useAlert();
  const id = useId();
  const matches = normalise(typed) === normalise(user.name);

  const close = () => {
    if (deleteAccount.isPending) return;
    setOpen(false);
    setTyped('');
    deleteAccount.reset();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches || deleteAccount.isPending) return;
    deleteAccount.mutate(
      { confirmation: typed },
      {
        onSuccess: ({ message }) => {
          navigate('/', { replace: true });
          showAlert({ type: 'Success', message });
        },
      },
    );
  };

  return (
    <Paper
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2.5, sm: 4 }, mt: 3, border: 1, borderColor: 'error.dark' }}
    >
      <Typography id={`${id}-title`} variant="h5" component="h2" gutterBottom>
        {TEXTS.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {TEXTS.explanation}
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {TEXTS.open}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby={`${id}-dialog-title`}
        aria-describedby={`${id}-dialog-text`}
        maxWidth="xs"
        fullWidth
      >
        <form onSubmit={onSubmit} noValidate>
          <DialogTitle id={`${id}-dialog-title`}>{TEXTS.dialogTitle}</DialogTitle>
          <DialogContent>
            <DialogContentText id={`${id}-dialog-text`} sx={{ mb: 2 }}>
              {TEXTS.dialogText(user.name)}
            </DialogContentText>
            {deleteAccount.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {messageOf(deleteAccount.error)}
              </Alert>
            )}
            <TextField
              label={TEXTS.confirmLabel}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              autoFocus
              fullWidth
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={deleteAccount.isPending}>
              {TEXTS.cancel}
            </Button>
            <Button
              type="submit"
              variant="contained"
              color="error"
              disabled={!matches || deleteAccount.isPending}
              // Dark text on the error red: white on it is under 4.5:1.
              sx={{ color: 'background.default', fontWeight: 700 }}
            >
              {deleteAccount.isPending ? TEXTS.deleting : TEXTS.confirm}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Paper>
  );
}
