import { useQuery } from '@tanstack/react-query';
import { authProvidersQuery } from '../../auth/api/session';

/**
 * Whether this server makes tournament codes (it has a Riot API key), from GET /api/auth/providers (auth's
 * `authProvidersQuery`, the one cache entry of that endpoint). `known` is
 * false until the answer arrives; meanwhile codes count as unavailable, so nobody is told a code is coming.
 */
export function useTournamentCodes() {
  const providers = useQuery(authProvidersQuery);
  // A failed answer counts as known and unavailable: the create form must not wait for ever.
  return {
    available: providers.data?.tournamentCodes ?? false,
    known: providers.data !== undefined || providers.isError,
  };
}
