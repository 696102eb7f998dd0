import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, prefetchRoute } from './app/router';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorkerAfterLoad } from './lib/service-worker';

const queryClient = createQueryClient();
// The page's code and data start loading now, in parallel, before React renders anything (app/router.tsx).
prefetchRoute(queryClient, window.location);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
registerServiceWorkerAfterLoad();
