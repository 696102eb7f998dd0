import Box from '@mui/material/Box';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AUTH_ERROR_PARAM, authErrorMessage } from '@scrim-gym/shared';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useAlert } from '../../features/alerts/alert-context';
import { useBanSignOut } from '../../features/auth/hooks/useBanSignOut';
import { Footer } from './Footer';
import { NavBar } from './NavBar';

/** Checks the server on every path change: down → /server-error; up again while there → /. */
function useServerCheck() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    // No cookie: the check needs no identity, and the request stays small on every page change.
    fetch('/api/server-status', { cache: 'no-store', credentials: 'omit' })
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))))
      .then((status: { isServerUp?: boolean }) => {
        if (cancelled) return;
        if (!status.isServerUp) navigate('/server-error', { replace: true });
        else if (pathname === '/server-error') navigate('/', { replace: true });
      })
      .catch(() => !cancelled && pathname !== '/server-error' && navigate('/server-error', { replace: true }));
    return () => {
      cancelled = true;
    };
  }, [pathname, navigate]);
}

/**
 * A sign-in refused at the identity provider comes back as ?authError=<code> and is shown once, as the app's own
 * message for the code: the URL's text is never shown, so a crafted link cannot put its words on our page.
 */
function useAuthErrorAlert() {
  const [params, setParams] = useSearchParams();
  const showAlert = useAlert();
  const authError = params.get(AUTH_ERROR_PARAM);
  useEffect(() => {
    if (authError === null) return;
    showAlert({ type: 'Error', message: authErrorMessage(authError) });
    setParams(
      (p) => {
        p.delete(AUTH_ERROR_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [authError, showAlert, setParams]);
}

export function AppLayout() {
  useServerCheck();
  useAuthErrorAlert();
  useBanSignOut();
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    // Positioned: a page's full-page backdrop (the profile background) is laid out against the whole page, footer
    // included, with `position: absolute; inset: 0`.
    <Box sx={{ position: 'relative', minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <NavBar />
      <Box component="main" sx={{ flexGrow: 1, width: '100%' }}>
        <Suspense fallback={<LoadingScreen text="Loading" />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
