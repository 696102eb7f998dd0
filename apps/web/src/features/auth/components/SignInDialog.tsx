import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@scrim-gym/shared';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { useAlert } from '../../alerts/alert-context';
import { startProviderSignIn, useAuthProviders } from '../api/session';
import { DevSignInForm } from './DevSignInForm';

/** 'Log In': the configured identity providers, or the dev account form when none is configured. */
export function SignInDialog({
  open,
  onClose,
  returnTo = '/scrims',
}: {
  open: boolean;
  onClose: () => void;
  /** Where a signed-in user lands (a scrim's page when its share link offered the sign-in). */
  returnTo?: string;
}) {
  const providers = useAuthProviders();
  const navigate = useNavigate();
  const showAlert = useAlert();

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="sign-in-title">
      <DialogTitle id="sign-in-title" sx={{ pr: 7 }}>
        Log In
      </DialogTitle>
      <DialogCloseButton onClose={onClose} />
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {providers.data?.providers.map((provider) => (
            <Button
              key={provider.id}
              variant="contained"
              size="large"
              onClick={() => startProviderSignIn(provider.id, returnTo)}
            >
              Continue with {provider.label}
            </Button>
          ))}
          {providers.data?.devLogin && (
            <DevSignInForm
              onSignedIn={(state) => {
                onClose();
                if (state.user) {
                  navigate(returnTo);
                } else {
                  showAlert({ type: 'Info', message: MESSAGES.noAccount });
                  navigate('/signup');
                }
              }}
            />
          )}
          <Divider />
          <Typography variant="body2" color="text.secondary">
            New here?{' '}
            <Button
              size="small"
              onClick={() => {
                onClose();
                navigate('/signup');
              }}
            >
              Sign Up
            </Button>
          </Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
