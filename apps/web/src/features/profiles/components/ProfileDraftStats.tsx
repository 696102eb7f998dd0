import { DraftStatsSection } from '../../../components/DraftStatsSection';
import { useUserDraftStats } from '../api/draft-stats';
import { useDdragon } from '../api/summoner';

/** The profile's drafted games; nothing until the player has one, while it loads, or if it cannot be read. */
export function ProfileDraftStats({ userId }: { userId: string }) {
  const stats = useUserDraftStats(userId).data;
  const ddragon = useDdragon();
  return <DraftStatsSection stats={stats} ddragon={ddragon} />;
}
