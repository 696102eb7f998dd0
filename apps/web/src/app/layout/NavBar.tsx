import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Slide from '@mui/material/Slide';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useCurrentUser } from '../../features/auth/api/session';
import { useWideScreen } from '../../features/scrims/hooks/useWideScreen';

// Neither is needed for a visitor's first paint: the drawer and the social corner are for users (one chunk,
// see user-nav.ts), the dialog opens on click.
const AppDrawer = lazy(() => import('./user-nav').then((m) => ({ default: m.AppDrawer })));
const SocialNav = lazy(() => import('./user-nav').then((m) => ({ default: m.SocialNav })));
/** The room the search, messenger and bell take while their chunk loads, so the bar does not jump. */
const socialNavPlaceholder = <Box aria-hidden sx={{ width: { xs: 128, sm: 276, lg: 336 }, height: 40 }} />;
// The hub's date and region pickers and toggles sit here on wide screens, loaded with the hub.
const HubFilters = lazy(() => import('../../features/scrims/lazy').then((m) => ({ default: m.HubFilters })));
const SignInDialog = lazy(() =>
  import('../../features/auth/components/SignInDialog').then((m) => ({ default: m.SignInDialog })),
);

export function Logo() {
  return (
    <Typography
      component={RouterLink}
      to="/"
      variant="h6"
      sx={{ color: 'primary.main', textDecoration: 'none', fontWeight: 800, letterSpacing: 0.5 }}
    >
      Scrim Gym
    </Typography>
  );
}

/**
 * The navigation bar: hides on scroll; visitors get Guide and Log In, users the search, messenger and
 * bell and the 'more options' drawer (both lazy).
 */
export function NavBar() {
  const hidden = useScrollTrigger();
  const { user, isVerifying } = useCurrentUser();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [signInOpen, setSignInOpen] = useState(false);
  const onHub = useLocation().pathname === '/scrims';
  const wide = useWideScreen();

  return (
    <>
      <Slide appear={false} direction="down" in={!hidden}>
        <AppBar
          position="sticky"
          color="default"
          elevation={0}
          sx={{ bgcolor: 'rgba(10,20,40,0.92)', borderBottom: 1, borderColor: 'divider' }}
        >
          <Toolbar sx={{ gap: 1 }}>
            <Logo />
            <Box sx={{ flexGrow: 1 }} />
            {user && onHub && wide && (
              <Suspense>
                <HubFilters variant="nav" />
              </Suspense>
            )}
            {!isVerifying && !user && (
              <>
                <Button component={RouterLink} to="/leaderboard" color="inherit">
                  Leaderboard
                </Button>
                <Button
                  component={RouterLink}
                  to="/guide"
                  color="inherit"
                  sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
                >
                  Guide
                </Button>
                <Button variant="outlined" onClick={() => setSignInOpen(true)}>
                  Log In
                </Button>
                <Button
                  variant="contained"
                  component={RouterLink}
                  to="/signup"
                  sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
                >
                  Sign Up
                </Button>
              </>
            )}
            {user && (
              <Suspense fallback={socialNavPlaceholder}>
                <SocialNav user={user} navHidden={hidden} />
              </Suspense>
            )}
            {user && (
              <IconButton aria-label="more options" onClick={() => setDrawerOpen(true)} edge="end">
                <MenuIcon />
              </IconButton>
            )}
          </Toolbar>
        </AppBar>
      </Slide>
      {user && (
        <Suspense>
          <AppDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} user={user} />
        </Suspense>
      )}
      {signInOpen && (
        <Suspense>
          <SignInDialog open={signInOpen} onClose={() => setSignInOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
