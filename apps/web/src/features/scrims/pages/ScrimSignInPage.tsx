import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { SCRIM_TEXTS } from '@scrim-gym/shared';

const SignInDialog = lazy(() =>
  import('../../auth/components/SignInDialog').then((m) => ({ default: m.SignInDialog })),
);

/**
 * A scrim's page opened signed out (a share link): no teams and no Join, a 'Sign in' that opens the Log In
 * dialog and comes back to this scrim.
 */
export function ScrimSignInPage() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 }, display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
          {SCRIM_TEXTS.signInTitle}
        </Typography>
        <Typography color="text.secondary">{SCRIM_TEXTS.signInBody}</Typography>
        <Button variant="contained" size="large" onClick={() => setOpen(true)}>
          {SCRIM_TEXTS.signIn}
        </Button>
      </Paper>
      {open && (
        <Suspense>
          <SignInDialog open={open} onClose={() => setOpen(false)} returnTo={pathname} />
        </Suspense>
      )}
    </Container>
  );
}
