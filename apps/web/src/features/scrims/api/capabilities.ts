import { useAuthProviders } from '../../auth/api/session';

/**
 * Whether this server makes tournament codes (it has a Riot API key), from GET /api/auth/providers. `known` is
 * false until the answer arrives; meanwhile codes count as unavailable, so nobody is told a code is coming.
 */
export function useTournamentCodes() {
  const providers = useAuthProviders();
  // A failed answer counts as known and unavailable: the create form must not wait for ever.
  return {
    available: providers.data?.tournamentCodes ?? false,
    known: providers.data !== undefined || providers.isError,
  };
}
