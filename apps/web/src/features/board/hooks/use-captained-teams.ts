import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamView } from '@scrim-gym/shared';
import { useCurrentUser } from '../../auth/api/session';
import { teamKeys, teamQuery, useUserTeams } from '../../teams/api/teams';

/**
 * The teams the viewer captains (the owner is a captain): the ones they post and ask for. A team list carries no
 * roles, so each of the viewer's teams (three at most) is read with its roster, through the team pages' own
 * queries. One query over them rather than useQueries, which would add its observer to the framework chunk of
 * every first visit.
 */
export function useCaptainedTeams(): { teams: TeamView[]; isPending: boolean } {
  const { user } = useCurrentUser();
  const mine = useUserTeams(user?._id);
  const queryClient = useQueryClient();
  const ids = (mine.data ?? []).map((team) => team._id);
  const views = useQuery({
    queryKey: [...teamKeys.all, 'captained', user?._id ?? '', ids],
    queryFn: () => Promise.all(ids.map((id) => queryClient.fetchQuery(teamQuery(id)))),
    enabled: ids.length > 0,
  });
  const teams = (views.data ?? []).filter((team) =>
    team.members.some((member) => member.user._id === user?._id && member.isCaptain),
  );
  return { teams, isPending: Boolean(user) && (mine.isPending || (ids.length > 0 && views.isPending)) };
}
