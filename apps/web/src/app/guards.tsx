import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { MESSAGES } from '@scrim-gym/shared';
import { LoadingScreen } from '../components/LoadingScreen';
import { useAlert } from '../features/alerts/alert-context';
import { useCurrentUser } from '../features/auth/api/session';
import { mayCreateScrims } from '../features/auth/lib/hosts';

/** Sends the user home with an alert, once. */
function RedirectHome({ message }: { message: string }) {
  const showAlert = useAlert();
  const shown = useRef(false);
  useEffect(() => {
    if (!shown.current) showAlert({ type: 'Error', message });
    shown.current = true;
  }, [message, showAlert]);
  return <Navigate to="/" replace />;
}

/**
 * Logged-in-only pages: 'Verifying user' while the session is checked, then home with a message, or `signedOut`
 * instead where the page offers a sign-in that returns to it (a scrim's share link).
 */
export function RequireUser({ children, signedOut }: { children: ReactNode; signedOut?: ReactNode }) {
  const { user, isVerifying } = useCurrentUser();
  if (isVerifying) return <LoadingScreen text={MESSAGES.verifyingUser} />;
  if (!user) return signedOut ?? <RedirectHome message={MESSAGES.pleaseLogin} />;
  return children;
}

/** Admin-only pages. The server enforces the same on every admin call. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isVerifying } = useCurrentUser();
  if (isVerifying) return <LoadingScreen text={MESSAGES.checkingPermissions} />;
  if (!user) return <RedirectHome message={MESSAGES.pleaseLogin} />;
  if (!user.isAdmin) return <RedirectHome message={MESSAGES.noPermission} />;
  return children;
}

/**
 * Pages of who creates and runs scrims: admins and community hosts (create, edit). Which scrims a host may edit
 * the page and the server decide.
 */
export function RequireScrimHost({ children }: { children: ReactNode }) {
  const { user, isVerifying } = useCurrentUser();
  if (isVerifying) return <LoadingScreen text={MESSAGES.checkingPermissions} />;
  if (!user) return <RedirectHome message={MESSAGES.pleaseLogin} />;
  if (!mayCreateScrims(user)) return <RedirectHome message={MESSAGES.noPermission} />;
  return children;
}
