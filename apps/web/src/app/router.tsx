import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { sessionQuery } from '../features/auth/api/session';
import { LandingPage } from '../features/public/pages/LandingPage';
import { ScrimsHubPage } from '../features/scrims/pages/ScrimsHubPage';
import { RequireAdmin, RequireScrimHost, RequireUser } from './guards';
import { AppLayout } from './layout/AppLayout';
import type { RoutePrefetch } from './prefetch/route-data';

/**
 * Route-level code splitting for everything but the landing page and the hub. `load` starts the
 * chunk before React renders the page (prefetchRoute).
 */
const page = <K extends string>(loader: () => Promise<Record<K, ComponentType>>, name: K) =>
  Object.assign(
    lazy(() => loader().then((module) => ({ default: module[name] }))),
    { load: loader },
  );

/**
 * What a route starts the moment it matches: its code, and its data (app/prefetch/, a small chunk per route, so
 * that nothing of it weighs on the landing page's first visit: its 160 KB budget (docs/performance.md) leaves it no room).
 */
interface RouteHandle {
  code?: () => Promise<unknown>;
  data?: () => Promise<{ prefetch: RoutePrefetch }>;
}
const handle = (value: RouteHandle) => value;

const SignupPage = page(() => import('../features/auth/pages/SignupPage'), 'SignupPage');
const SettingsPage = page(() => import('../features/settings/pages/SettingsPage'), 'SettingsPage');
const GuidePage = page(() => import('../features/public/pages/GuidePage'), 'GuidePage');
const PrivacyPolicyPage = page(() => import('../features/public/pages/PrivacyPolicyPage'), 'PrivacyPolicyPage');
const TermsOfServicePage = page(() => import('../features/public/pages/TermsOfServicePage'), 'TermsOfServicePage');
const ServerErrorPage = page(() => import('../features/public/pages/ServerErrorPage'), 'ServerErrorPage');
const NotFoundPage = page(() => import('../features/public/pages/NotFoundPage'), 'NotFoundPage');
const ScrimDetailPage = page(() => import('../features/scrims/pages/ScrimDetailPage'), 'ScrimDetailPage');
const DraftOverlayPage = page(() => import('../features/scrims/pages/DraftOverlayPage'), 'DraftOverlayPage');
const CreateScrimPage = page(() => import('../features/scrims/pages/CreateScrimPage'), 'CreateScrimPage');
const EditScrimPage = page(() => import('../features/scrims/pages/EditScrimPage'), 'EditScrimPage');
const ScrimSignInPage = page(() => import('../features/scrims/pages/ScrimSignInPage'), 'ScrimSignInPage');
const ProfilePage = page(() => import('../features/profiles/pages/ProfilePage'), 'ProfilePage');
const LeaderboardPage = page(() => import('../features/leaderboard/pages/LeaderboardPage'), 'LeaderboardPage');
const AdminDashboardPage = page(() => import('../features/admin/pages/AdminDashboardPage'), 'AdminDashboardPage');
const BanHistoryPage = page(() => import('../features/admin/pages/BanHistoryPage'), 'BanHistoryPage');
const TeamsPage = page(() => import('../features/teams/pages/TeamsPage'), 'TeamsPage');
const TeamPage = page(() => import('../features/teams/pages/TeamPage'), 'TeamPage');
const JoinTeamPage = page(() => import('../features/teams/pages/JoinTeamPage'), 'JoinTeamPage');
const BoardPage = page(() => import('../features/board/pages/BoardPage'), 'BoardPage');
const SeriesPage = page(() => import('../features/board/pages/SeriesPage'), 'SeriesPage');
const CommunityHostsPage = page(() => import('../features/admin/pages/CommunityHostsPage'), 'CommunityHostsPage');

const user = (element: ReactNode) => <RequireUser>{element}</RequireUser>;
export const adminOnly = (element: ReactNode) => <RequireAdmin>{element}</RequireAdmin>;
/** Admins and community hosts. */
const hostsOnly = (element: ReactNode) => <RequireScrimHost>{element}</RequireScrimHost>;

/** Exact paths only: anything else is the not-found page. */
export const routes: RouteObject[] = [
  // A stream's browser source: no navigation bar, no footer, a transparent page; the API decides who may see it.
  {
    path: '/scrims/:id/draft/overlay',
    element: (
      <Suspense>
        <DraftOverlayPage />
      </Suspense>
    ),
    handle: handle({ code: DraftOverlayPage.load }),
  },
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/signup', element: <SignupPage /> },
      // The hub is in the first bundle: its list request starts with its first render.
      { path: '/scrims', element: user(<ScrimsHubPage />) },
      { path: '/scrims/new', element: hostsOnly(<CreateScrimPage />) },
      // A share link opened signed out offers a sign-in that comes back here.
      {
        path: '/scrims/:id',
        element: (
          <RequireUser signedOut={<ScrimSignInPage />}>
            <ScrimDetailPage />
          </RequireUser>
        ),
        handle: handle({ code: ScrimDetailPage.load, data: () => import('./prefetch/scrim') }),
      },
      { path: '/scrims/:id/edit', element: hostsOnly(<EditScrimPage />) },
      {
        path: '/users/:name',
        element: user(<ProfilePage />),
        handle: handle({ code: ProfilePage.load, data: () => import('./prefetch/profile') }),
      },
      { path: '/teams', element: user(<TeamsPage />), handle: handle({ code: TeamsPage.load }) },
      { path: '/teams/:id', element: user(<TeamPage />), handle: handle({ code: TeamPage.load }) },
      // An invite link opened signed out offers a sign-in that comes back here.
      { path: '/teams/join/:token', element: <JoinTeamPage />, handle: handle({ code: JoinTeamPage.load }) },
      { path: '/board', element: user(<BoardPage />), handle: handle({ code: BoardPage.load }) },
      { path: '/series/:id', element: user(<SeriesPage />), handle: handle({ code: SeriesPage.load }) },
      // Public: visitors read the board too.
      { path: '/leaderboard', element: <LeaderboardPage /> },
      { path: '/settings', element: user(<SettingsPage />), handle: handle({ code: SettingsPage.load }) },
      {
        path: '/admin/dashboard',
        element: adminOnly(<AdminDashboardPage />),
        handle: handle({ code: AdminDashboardPage.load, data: () => import('./prefetch/dashboard') }),
      },
      { path: '/admin/bans', element: adminOnly(<BanHistoryPage />) },
      { path: '/admin/hosts', element: adminOnly(<CommunityHostsPage />) },
      { path: '/ban-history', element: adminOnly(<BanHistoryPage />) },
      { path: '/guide', element: <GuidePage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/terms-of-service', element: <TermsOfServicePage /> },
      { path: '/server-error', element: <ServerErrorPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Starts what the page at `location` needs, all at once: the session, the page's chunk and its data (the route's
 * handle). Called before the first render (main.tsx) and on every navigation. Declarative routing with this
 * instead of the data router's loaders: the data router would add ~10 KB gzipped to every first visit.
 */
export function prefetchRoute(queryClient: QueryClient, { pathname, search }: { pathname: string; search: string }) {
  void queryClient.prefetchQuery(sessionQuery);
  const match = matchRoutes(routes, pathname)?.at(-1);
  const { code, data } = (match?.route.handle ?? {}) as RouteHandle;
  // A chunk that fails here fails again, visibly, when the page renders it.
  void code?.().catch(() => {});
  void data?.()
    .then(({ prefetch }) => prefetch(queryClient, { params: match!.params, search: new URLSearchParams(search) }))
    .catch(() => {});
}

export function AppRoutes() {
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  useEffect(() => prefetchRoute(queryClient, { pathname, search }), [queryClient, pathname, search]);
  return useRoutes(routes);
}
