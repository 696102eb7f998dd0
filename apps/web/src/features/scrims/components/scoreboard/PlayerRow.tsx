import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { MATCH_MESSAGES, type MatchParticipant } from '@scrim-gym/shared';
import { EmptySlot, GameIcon } from '../../../../components/GameIcon';
import { itemIconUrl } from '../../../../lib/ddragon';
import { compactNumber, formatKda, perMinute, sharePercent } from '../../../../lib/match-format';
import type { BoardContext } from './board-context';
import { ChampionCell } from './ChampionCell';
import { ParticipantName } from './ParticipantName';
import { Stat } from './Stat';

/**
 * A player row's grid. Phone: champion | name (3 columns) | KDA, the items under the name, then CS, damage (2),
 * gold and vision on a line of their own: 70 + 3 × 55 + 60 px and the gaps fit the 322 px a 390 px screen leaves.
 * From 600 px one line: 70 + 138 (7 items of 18 px) + 58 + 56 + 68 + 44 + 40 and six 6 px gaps = 510 px, under
 * the 516 px at 600 px and the ~570 px of each side at 1280 px. The KDA column grows for a long "12/10/15".
 */
const ROW_COLUMNS = {
  xs: '70px repeat(3, minmax(0, 1fr)) minmax(60px, auto)',
  sm: '70px minmax(138px, 1fr) minmax(58px, auto) 56px 68px 44px 40px',
};
const ROW_AREAS = {
  xs: '"champ name name name kda" "champ items items items items" "cs dmg dmg gold vision"',
  sm: '"champ name kda cs dmg gold vision" "champ items kda cs dmg gold vision"',
};

export function PlayerRow({
  participant: p,
  teamDamage,
  context,
}: {
  participant: MatchParticipant;
  teamDamage: number;
  context: BoardContext;
}) {
  const { ddragon } = context;
  const share = sharePercent(p.damage, teamDamage);
  const isMvp = context.mvpPuuid === p.puuid;
  return (
    <Box
      component="li"
      data-testid="scoreboard-player"
      sx={{
        display: 'grid',
        gridTemplateColumns: ROW_COLUMNS,
        gridTemplateAreas: ROW_AREAS,
        columnGap: 0.75,
        rowGap: 0.5,
        alignItems: 'center',
        p: 0.75,
        borderRadius: 1,
        bgcolor: isMvp ? 'rgba(200,170,110,0.08)' : 'rgba(255,255,255,0.02)',
        minWidth: 0,
      }}
    >
      <ChampionCell participant={p} ddragon={ddragon} />
      <Box sx={{ gridArea: 'name', display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <ParticipantName participant={p} context={context} />
        {isMvp && (
          <Chip
            size="small"
            icon={<StarIcon />}
            label={MATCH_MESSAGES.mvp}
            title={MATCH_MESSAGES.mvpTitle}
            color="primary"
            data-testid="mvp-badge"
            sx={{ height: 20, fontWeight: 800, flex: 'none', '& .MuiChip-icon': { fontSize: 14 } }}
          />
        )}
      </Box>
      <Box
        role="group"
        aria-label={MATCH_MESSAGES.items}
        sx={{ gridArea: 'items', display: 'flex', gap: '2px', minWidth: 0 }}
      >
        {Array.from({ length: 7 }, (_, i) => p.items[i] ?? 0).map((item, i) => {
          const src = ddragon ? itemIconUrl(ddragon, item) : null;
          return item > 0 ? (
            <GameIcon key={i} src={src} label={`Item ${item}`} size={18} />
          ) : (
            <EmptySlot key={i} size={18} />
          );
        })}
      </Box>
      <Stat area="kda" label={MATCH_MESSAGES.kda} caption={`${formatKda(p.kills, p.deaths, p.assists)} KDA`}>
        {p.kills}/{p.deaths}/{p.assists}
      </Stat>
      <Stat
        area="cs"
        label={MATCH_MESSAGES.cs}
        caption={`${perMinute(p.cs, context.durationSeconds).toFixed(1)}${MATCH_MESSAGES.perMinute}`}
      >
        {p.cs} {MATCH_MESSAGES.cs}
      </Stat>
      <Stat area="dmg" label={MATCH_MESSAGES.damage} caption={<DamageShareBar share={share} />}>
        {compactNumber(p.damage)}
      </Stat>
      <Stat area="gold" label={MATCH_MESSAGES.gold} caption={MATCH_MESSAGES.gold.toLowerCase()}>
        {compactNumber(p.gold)}
      </Stat>
      <Stat area="vision" label={MATCH_MESSAGES.vision} caption={MATCH_MESSAGES.vision.toLowerCase()}>
        {p.vision}
      </Stat>
    </Box>
  );
}

/** The damage figure's caption: a bar of the player's share (0–100) of the team's damage. */
function DamageShareBar({ share }: { share: number }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={MATCH_MESSAGES.damageShare(share)}
      title={MATCH_MESSAGES.damageShare(share)}
      sx={{
        display: 'block',
        height: 5,
        mt: 0.5,
        borderRadius: 1,
        bgcolor: 'rgba(182,194,214,0.16)',
        overflow: 'hidden',
      }}
    >
      <Box
        component="span"
        data-testid="damage-share"
        sx={{ display: 'block', height: '100%', width: `${share}%`, bgcolor: '#f25c54' }}
      />
    </Box>
  );
}
