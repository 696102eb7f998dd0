import { useQueries } from '@tanstack/react-query';
import type { TeamView } from '@scrim-gym/shared';
import { useCurrentUser } from '../../auth/api/session';
import { teamQuery, useUserTeams } from '../../teams/api/teams';

/**
 * The teams the viewer captains (the owner is a captain): the ones they post and ask for. A team list carries no
 * roles, so each of the viewer's teams (three at most) is read with its roster.
 */
export function useCaptainedTeams(): { teams: TeamView[]; isPending: boolean } {
  const { user } = useCurrentUser();
  const mine = useUserTeams(user?._id);
  const views = useQueries({ queries: (mine.data ?? []).map((team) => teamQuery(team._id)) });
  const teams = views.flatMap(({ data }) =>
    data?.members.some((member) => member.user._id === user?._id && member.isCaptain) ? [data] : [],
  );
  return { teams, isPending: Boolean(user) && (mine.isPending || views.some((view) => view.isPending)) };
}
