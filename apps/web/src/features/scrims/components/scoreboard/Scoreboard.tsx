import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  BREAKPOINTS,
  MATCH_MESSAGES,
  pickMvp,
  type MatchParticipant,
  type MatchSide,
  type MatchTeam,
  type Region,
  type ScrimMatch,
  type ScrimUser,
  teamDisplayName,
  teamOfSide,
} from '@scrim-gym/shared';
import { EmptySlot, GameIcon } from '../../../../components/GameIcon';
import {
  championIconUrl,
  itemIconUrl,
  keystoneIconUrl,
  keystoneName,
  spellIconUrl,
  spellName,
  type Ddragon,
} from '../../../../lib/ddragon';
import { compactNumber, formatGameDuration, formatKda, perMinute, sharePercent } from '../../../../lib/match-format';
import { profilePath } from '../../../../lib/profile-link';
import { useMinWidth } from '../../../../lib/use-min-width';
import { useDdragon } from '../../../profiles/api/summoner';
import { TEAM_COLORS } from '../../lib/team-colors';

const SIDE_COLORS: Record<MatchSide, string> = { blue: TEAM_COLORS.teamOne, red: TEAM_COLORS.teamTwo };

interface BoardContext {
  ddragon: Ddragon | null;
  durationSeconds: number;
  /** The scrim's players by user id: a linked participant's profile link. */
  users: ReadonlyMap<string, ScrimUser>;
  region: Region;
  mvpPuuid: string | null;
  level: number;
}

/**
 * The scrim's Riot game: both teams side by side (Blue left, Red right) from the lg breakpoint, one at a
 * time with Blue/Red tabs below it; game duration, patch and the MVP (shared `pickMvp`). A lazy chunk of the scrim
 * page: only a played game with stats loads it.
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
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography
          id={headingId}
          variant="h6"
          component={`h${level + 1}` as 'h2'}
          sx={{ fontWeight: 800, lineHeight: 1.2 }}
        >
          {MATCH_MESSAGES.scoreboardTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {MATCH_MESSAGES.gameDuration(formatGameDuration(match.durationSeconds))} · {MATCH_MESSAGES.patch(match.patch)}
        </Typography>
      </Box>
      {wide ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
          {teams.map((team) => (
            <TeamPanel key={team.side} team={team} context={context} />
          ))}
        </Box>
      ) : (
        <>
          <Tabs
            value={shownTeam?.side ?? false}
            onChange={(_, side: MatchSide) => setShown(side)}
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
            <Box
              role="tabpanel"
              id={`${tabsId}-${shownTeam.side}-panel`}
              aria-labelledby={`${tabsId}-${shownTeam.side}`}
            >
              <TeamPanel team={shownTeam} context={context} />
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

function TeamPanel({ team, context }: { team: MatchTeam; context: BoardContext }) {
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

function PlayerRow({
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
      <Stat
        area="dmg"
        label={MATCH_MESSAGES.damage}
        caption={
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
        }
      >
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

/** A figure of a row: the value, then its caption (or bar); `label` names it for screen readers. */
function Stat({
  area,
  label,
  caption,
  children,
}: {
  area: string;
  label: string;
  caption: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ gridArea: area, minWidth: 0, textAlign: { xs: area === 'cs' ? 'left' : 'right', sm: 'right' } }}>
      <Typography
        component="span"
        variant="body2"
        sx={{ display: 'block', fontWeight: 700, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        <Box component="span" sx={visuallyHidden}>
          {label}:{' '}
        </Box>
        {children}
      </Typography>
      {typeof caption === 'string' ? (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        >
          {caption}
        </Typography>
      ) : (
        caption
      )}
    </Box>
  );
}

/**
 * A linked participant's name links to their profile (the scrim's player with that id, else the name in the
 * scrim's region); a stranger shows their Riot ID, or "Not on Scrim Gym", never a link.
 */
function ParticipantName({ participant: p, context }: { participant: MatchParticipant; context: BoardContext }) {
  const sx = { fontWeight: 700, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };
  if (p.userId) {
    const user = context.users.get(p.userId);
    const name = user?.name ?? p.name ?? p.riotId ?? MATCH_MESSAGES.stranger;
    return (
      <Link
        component={RouterLink}
        to={user ? profilePath(user) : profilePath({ name, region: context.region })}
        underline="hover"
        sx={{ ...sx, color: 'text.primary' }}
      >
        {name}
      </Link>
    );
  }
  return (
    <Typography
      component="span"
      variant="body2"
      title={MATCH_MESSAGES.stranger}
      data-testid="stranger"
      sx={{ ...sx, color: 'text.secondary', fontStyle: p.riotId ? 'normal' : 'italic' }}
    >
      {p.riotId ?? MATCH_MESSAGES.stranger}
    </Typography>
  );
}
