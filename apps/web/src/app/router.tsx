import { lazy, type ComponentType, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { LandingPage } from '../features/public/LandingPage';
import { ScrimsHubPage } from '../features/scrims/pages/ScrimsHubPage';
import { RequireAdmin, RequireUser } from './guards';
import { AppLayout } from './layout/AppLayout';

/** Route-level code splitting for everything but the landing page and the hub (DESIGN.md 2). */
const page = <K extends string>(loader: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => loader().then((module) => ({ default: module[name] })));

const SignupPage = page(() => import('../features/auth/components/SignupPage'), 'SignupPage');
const SettingsPage = page(() => import('../features/settings/SettingsPage'), 'SettingsPage');
const GuidePage = page(() => import('../features/public/GuidePage'), 'GuidePage');
const PrivacyPolicyPage = page(() => import('../features/public/PrivacyPolicyPage'), 'PrivacyPolicyPage');
const TermsOfServicePage = page(() => import('../features/public/TermsOfServicePage'), 'TermsOfServicePage');
const ServerErrorPage = page(() => import('../features/public/ServerErrorPage'), 'ServerErrorPage');
const NotFoundPage = page(() => import('../features/public/NotFoundPage'), 'NotFoundPage');
const ScrimDetailPage = page(() => import('../features/scrims/lazy'), 'ScrimDetailPage');
const CreateScrimPage = page(() => import('../features/scrims/pages/CreateScrimPage'), 'CreateScrimPage');
const EditScrimPage = page(() => import('../features/scrims/pages/EditScrimPage'), 'EditScrimPage');
const ProfilePage = page(() => import('../features/profiles/components/ProfilePage'), 'ProfilePage');
const AdminDashboardPage = page(() => import('../features/admin/pages/AdminDashboardPage'), 'AdminDashboardPage');
const BanHistoryPage = page(() => import('../features/admin/pages/BanHistoryPage'), 'BanHistoryPage');

const user = (element: ReactNode) => <RequireUser>{element}</RequireUser>;
export const adminOnly = (element: ReactNode) => <RequireAdmin>{element}</RequireAdmin>;

/** Exact paths only (spec 2): anything else is the not-found page. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/scrims', element: user(<ScrimsHubPage />) },
      { path: '/scrims/new', element: adminOnly(<CreateScrimPage />) },
      { path: '/scrims/:id', element: user(<ScrimDetailPage />) },
      { path: '/scrims/:id/edit', element: adminOnly(<EditScrimPage />) },
      { path: '/users/:name', element: user(<ProfilePage />) },
      { path: '/settings', element: user(<SettingsPage />) },
      { path: '/admin/dashboard', element: adminOnly(<AdminDashboardPage />) },
      { path: '/admin/bans', element: adminOnly(<BanHistoryPage />) },
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
 * Declarative routing: the app needs no loaders or actions, and the data router would add ~10 KB gzipped to
 * every first visit.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
