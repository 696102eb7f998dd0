import type { MatchSide, Region, ScrimUser } from '@scrim-gym/shared';
import type { Ddragon } from '../../../../lib/ddragon';
import { TEAM_COLORS } from '../../lib/team-colors';

export const SIDE_COLORS: Record<MatchSide, string> = { blue: TEAM_COLORS.teamOne, red: TEAM_COLORS.teamTwo };

/** What every part of the board reads, made once per render by `Scoreboard`. */
export interface BoardContext {
  ddragon: Ddragon | null;
  durationSeconds: number;
  /** The scrim's players by user id: a linked participant's profile link. */
  users: ReadonlyMap<string, ScrimUser>;
  region: Region;
  mvpPuuid: string | null;
  level: number;
}
