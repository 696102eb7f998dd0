import Box from '@mui/material/Box';
import { MATCH_MESSAGES, type MatchParticipant } from '@scrim-gym/shared';
import { GameIcon } from '../../../../components/GameIcon';
import {
  championIconUrl,
  keystoneIconUrl,
  keystoneName,
  spellIconUrl,
  spellName,
  type Ddragon,
} from '../../../../lib/ddragon';

/** A row's champion cell: the champion with the player's level on its corner, then the summoner spells and keystone. */
export function ChampionCell({ participant: p, ddragon }: { participant: MatchParticipant; ddragon: Ddragon | null }) {
  return (
    <Box sx={{ gridArea: 'champ', display: 'flex', gap: 0.5, alignItems: 'center' }}>
      <Box sx={{ position: 'relative', flex: 'none' }}>
        <GameIcon src={ddragon ? championIconUrl(ddragon, p.champion) : null} label={p.champion} size={32} />
        <Box
          component="span"
          role="img"
          aria-label={MATCH_MESSAGES.level(p.level)}
          title={MATCH_MESSAGES.level(p.level)}
          sx={{
            position: 'absolute',
            right: -4,
            bottom: -4,
            px: 0.4,
            minWidth: 16,
            textAlign: 'center',
            borderRadius: 1,
            fontSize: 10,
            fontWeight: 700,
            lineHeight: '14px',
            bgcolor: 'background.default',
            border: '1px solid rgba(200,170,110,0.5)',
          }}
        >
          {p.level}
        </Box>
      </Box>
      <Box
        aria-label={MATCH_MESSAGES.spells}
        role="group"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 16px)', gap: '2px' }}
      >
        {p.spells.slice(0, 2).map((spell, i) => (
          <Box key={i} sx={{ gridColumn: 1 }}>
            <GameIcon src={ddragon ? spellIconUrl(ddragon, spell) : null} label={spellName(spell)} size={16} />
          </Box>
        ))}
        {p.keystone !== null && (
          <Box sx={{ gridColumn: 2, gridRow: 1 }}>
            <GameIcon
              src={ddragon ? keystoneIconUrl(ddragon, p.keystone) : null}
              label={keystoneName(p.keystone)}
              size={16}
              round
            />
          </Box>
        )}
      </Box>
    </Box>
  );
}
