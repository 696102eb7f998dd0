import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { MESSAGES, type AuthState } from '@scrim-gym/shared';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useDevLogin } from '../api/session';

/**
 * 'Continue with a dev account': an email stands for a verified identity, only when the server has no
 * identity provider configured and is not in production (the server answers 404 otherwise).
 */
export function DevSignInForm({
  onSignedIn,
  label = 'Continue with a dev account',
}: {
  onSignedIn: (state: AuthState) => void;
  label?: string;
}) {
  const [email, setEmail] = useState('');
  const devLogin = useDevLogin();
  const showAlert = useAlert();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (devLogin.isPending) return;
    devLogin.mutate(email.trim(), {
      onSuccess: onSignedIn,
      onError: (error) => showAlert({ type: 'Error', message: messageOf(error, MESSAGES.loginError) }),
    });
  };

  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
        fullWidth
        helperText="Demo accounts: admin@scrimgym.dev, faker.fan@scrimgym.dev"
      />
      <Button type="submit" variant="contained" size="large" disabled={!email.trim() || devLogin.isPending}>
        {label}
      </Button>
      <Typography variant="caption" color="text.secondary">
        Dev sign-in is available because no identity provider is configured on this server.
      </Typography>
    </Stack>
  );
}
