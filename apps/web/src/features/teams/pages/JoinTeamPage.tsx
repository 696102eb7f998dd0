import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { TEAM_TEXTS as T } from '@scrim-gym/shared';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useCurrentUser } from '../../auth/api/session';
import { useJoinTeam } from '../api/teams';
import { usePageTitle } from '../../../lib/use-page-title';

const SignInDialog = lazy(() =>
  import('../../auth/components/SignInDialog').then((m) => ({ default: m.SignInDialog })),
);

/**
 * /teams/join/:token, the page an invite link opens: joining is a click, not the visit (a link previewer or a
 * prefetch must not join anyone). The server answers for the link: expired, revoked, or the player's team limit.
 * Opened signed out, it offers the sign-in, which comes back here.
 */
export function JoinTeamPage() {
  usePageTitle(T.joinTitle);
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const { user, isVerifying } = useCurrentUser();
  const [signingIn, setSigningIn] = useState(false);
  const join = useJoinTeam();
  const showAlert = useAlert();
  const navigate = useNavigate();
  if (isVerifying) return <LoadingScreen text={T.loading} />;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack spacing={2}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {T.joinTitle}
          </Typography>
          <Typography color="text.secondary">{T.joinText}</Typography>
          {join.isError && (
            <Typography role="alert" color="error">
              {messageOf(join.error, T.failedAction)}
            </Typography>
          )}
          <div>
            {!user ? (
              <Button variant="contained" size="large" onClick={() => setSigningIn(true)}>
                {T.signInToJoin}
              </Button>
            ) : (
              <Button
                variant="contained"
                size="large"
                disabled={join.isPending}
                onClick={() =>
                  join.mutate(token, {
                    onSuccess: (team) => {
                      showAlert({ type: 'Success', message: T.joinedTeam(team.name) });
                      void navigate(`/teams/${team._id}`);
                    },
                  })
                }
              >
                {T.joinButton}
              </Button>
            )}
          </div>
        </Stack>
      </Paper>
      {signingIn && (
        <Suspense>
          <SignInDialog open onClose={() => setSigningIn(false)} returnTo={pathname} />
        </Suspense>
      )}
    </Container>
  );
}
