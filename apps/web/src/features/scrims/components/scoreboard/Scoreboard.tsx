import Box from '@mui/material/Box';
import { useId, useState } from 'react';
import {
  BREAKPOINTS,
  pickMvp,
  type MatchSide,
  type MatchTeam,
  type Region,
  type ScrimMatch,
  type ScrimUser,
} from '@scrim-gym/shared';
import { useMinWidth } from '../../../../lib/use-min-width';
import { useDdragon } from '../../../profiles/api/summoner';
import type { BoardContext } from './board-context';
import { DraftCheckNotes } from './DraftCheckNotes';
import { ScoreboardHeader } from './ScoreboardHeader';
import { TeamPanel } from './TeamPanel';
import { TeamTabs } from './TeamTabs';

/**
 * The scrim's Riot game: both teams side by side (Blue left, Red right) from the lg breakpoint, one at a
 * time with Blue/Red tabs below it; game duration, patch and the MVP (shared `pickMvp`); where the game did not
 * follow the scrim's draft, the differences. A lazy chunk of the scrim page: only a played game with stats loads it.
 */
export function Scoreboard({
  match,
  players,
  region,
  viewerId,
  level = 1,
}: {
  match: ScrimMatch;
  /** The scrim's players (both teams): participants with a user id link to these users' profiles. */
  players: readonly ScrimUser[];
  region: Region;
  viewerId: string | null;
  /** The page's heading level: the scoreboard's title is one below. */
  level?: number;
}) {
  const ddragon = useDdragon();
  const wide = useMinWidth(BREAKPOINTS.lg, true);
  const ownSide = match.teams.find((t) => t.participants.some((p) => p.userId && p.userId === viewerId))?.side;
  const [shown, setShown] = useState<MatchSide>(ownSide ?? 'blue');
  const headingId = useId();
  const tabsId = useId();
  const mvp = pickMvp(match);
  const context: BoardContext = {
    ddragon,
    durationSeconds: match.durationSeconds,
    users: new Map(players.map((user) => [user._id, user])),
    region,
    mvpPuuid: mvp?.player.puuid ?? null,
    level: level + 2,
  };
  const teams = (['blue', 'red'] as const)
    .map((side) => match.teams.find((team) => team.side === side))
    .filter((team): team is MatchTeam => Boolean(team));
  const shownTeam = teams.find((team) => team.side === shown) ?? teams[0];

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid="scoreboard"
      sx={{
        p: { xs: 1.5, md: 2.5 },
        borderRadius: 2,
        border: '1px solid rgba(200,170,110,0.25)',
        bgcolor: 'background.paper',
        display: 'grid',
        gap: 1.5,
        minWidth: 0,
      }}
    >
      <ScoreboardHeader headingId={headingId} level={level} match={match} />
      <DraftCheckNotes check={match.draftCheck} />
      {wide ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
          {teams.map((team) => (
            <TeamPanel key={team.side} team={team} context={context} />
          ))}
        </Box>
      ) : (
        <TeamTabs teams={teams} shownTeam={shownTeam} onShow={setShown} tabsId={tabsId} context={context} />
      )}
    </Box>
  );
}
