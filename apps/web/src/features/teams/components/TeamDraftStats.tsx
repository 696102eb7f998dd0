import { DraftStatsSection } from '../../../components/DraftStatsSection';
import { useDdragon } from '../../profiles/api/summoner';
import { useTeamDraftStats } from '../api/teams';

/** The team's drafted series games; nothing until it has one, while it loads, or if it cannot be read. */
export function TeamDraftStats({ teamId }: { teamId: string }) {
  const stats = useTeamDraftStats(teamId).data;
  const ddragon = useDdragon();
  return <DraftStatsSection stats={stats} ddragon={ddragon} />;
}
