import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { MATCH_MESSAGES, type MatchTeam, teamDisplayName, teamOfSide } from '@scrim-gym/shared';
import { GameIcon } from '../../../../components/GameIcon';
import { championIconUrl } from '../../../../lib/ddragon';
import { compactNumber } from '../../../../lib/match-format';
import { SIDE_COLORS, type BoardContext } from './board-context';
import { PlayerRow } from './PlayerRow';

export function TeamPanel({ team, context }: { team: MatchTeam; context: BoardContext }) {
  const headingId = useId();
  const color = SIDE_COLORS[team.side];
  const teamDamage = team.participants.reduce((sum, p) => sum + p.damage, 0);
  const { objectives: o } = team;
  const objectives: Array<[string, number]> = [
    [MATCH_MESSAGES.towers, o.towers],
    [MATCH_MESSAGES.inhibitors, o.inhibitors],
    [MATCH_MESSAGES.dragons, o.dragons],
    [MATCH_MESSAGES.barons, o.barons],
    [MATCH_MESSAGES.heralds, o.heralds],
    [MATCH_MESSAGES.grubs, o.grubs],
  ];
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-side={team.side}
      sx={{ minWidth: 0, display: 'grid', gap: 1, alignContent: 'start' }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 0.5,
          pb: 1,
          borderBottom: `2px solid ${color}`,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography
            id={headingId}
            component={`h${context.level}` as 'h3'}
            variant="subtitle1"
            sx={{ fontWeight: 800, color }}
          >
            {teamDisplayName(teamOfSide(team.side))}
          </Typography>
          <Chip
            size="small"
            label={team.win ? MATCH_MESSAGES.victory : MATCH_MESSAGES.defeat}
            color={team.win ? 'success' : 'default'}
            variant={team.win ? 'filled' : 'outlined'}
            sx={{ fontWeight: 700 }}
          />
          <Typography variant="body2" sx={{ ml: 'auto', fontVariantNumeric: 'tabular-nums' }}>
            {MATCH_MESSAGES.kills} <b>{o.kills}</b> · {MATCH_MESSAGES.gold} <b>{compactNumber(team.gold)}</b>
          </Typography>
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {objectives.map(([label, value]) => `${label} ${value}`).join(' · ')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          <Typography variant="caption" color="text.secondary" sx={{ mr: 0.5 }}>
            {MATCH_MESSAGES.bans}
          </Typography>
          {team.bans.map((ban, i) => (
            <GameIcon
              key={i}
              src={ban && context.ddragon ? championIconUrl(context.ddragon, ban) : null}
              label={ban ?? MATCH_MESSAGES.noBan}
              size={20}
            />
          ))}
        </Box>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
        {team.participants.map((participant) => (
          <PlayerRow key={participant.puuid} participant={participant} teamDamage={teamDamage} context={context} />
        ))}
      </Box>
    </Box>
  );
}
