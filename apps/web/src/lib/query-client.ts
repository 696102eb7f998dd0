import { QueryClient } from '@tanstack/react-query';
import { LOOKUP_CACHE_MS } from '@scrim-gym/shared';
import { ApiError } from './api';

/** Look-ups are cached 30 minutes with 2 retries and no refetch on focus; 4xx answers are not retried. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: LOOKUP_CACHE_MS,
        refetchOnWindowFocus: false,
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
      },
    },
  });
}
