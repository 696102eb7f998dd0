import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { MATCH_MESSAGES, type MatchSide, type MatchTeam, teamDisplayName, teamOfSide } from '@scrim-gym/shared';
import { SIDE_COLORS, type BoardContext } from './board-context';
import { TeamPanel } from './TeamPanel';

/**
 * Below the lg breakpoint: one team at a time, chosen with Blue/Red tabs. The shown side is the scoreboard's state,
 * so it stays chosen while the screen crosses the breakpoint.
 */
export function TeamTabs({
  teams,
  shownTeam,
  onShow,
  tabsId,
  context,
}: {
  teams: MatchTeam[];
  shownTeam: MatchTeam | undefined;
  onShow: (side: MatchSide) => void;
  tabsId: string;
  context: BoardContext;
}) {
  return (
    <>
      <Tabs
        value={shownTeam?.side ?? false}
        onChange={(_, side: MatchSide) => onShow(side)}
        aria-label={MATCH_MESSAGES.teamsLabel}
        variant="fullWidth"
        sx={{ minHeight: 40 }}
      >
        {teams.map((team) => (
          <Tab
            key={team.side}
            value={team.side}
            label={teamDisplayName(teamOfSide(team.side))}
            id={`${tabsId}-${team.side}`}
            aria-controls={`${tabsId}-${team.side}-panel`}
            sx={{ minHeight: 40, fontWeight: 700, color: SIDE_COLORS[team.side] }}
          />
        ))}
      </Tabs>
      {shownTeam && (
        <Box role="tabpanel" id={`${tabsId}-${shownTeam.side}-panel`} aria-labelledby={`${tabsId}-${shownTeam.side}`}>
          <TeamPanel team={shownTeam} context={context} />
        </Box>
      )}
    </>
  );
}
