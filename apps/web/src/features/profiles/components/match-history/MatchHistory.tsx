import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { MATCH_MESSAGES, MATCH_TEAM_GAME_TEXTS, ROLES, type Role, type UserMatchRow } from '@scrim-gym/shared';
import { GameIcon } from '../../../../components/GameIcon';
import { championIconUrl, type Ddragon } from '../../../../lib/ddragon';
import { formatGameDuration, formatKda, perMinute } from '../../../../lib/match-format';
import { useUserChampions, useUserMatches, useUserRoles, type MatchFilters } from '../../api/matches';
import { useDdragon } from '../../api/summoner';
import { formatListDate } from '../../lib/display';
import { ChampionPool, RoleAverages } from './MatchStatsTables';
import { MatchTrend } from './MatchTrend';

const ALL = '';

/**
 * The profile's match history from Riot: the recent games (filtered by role and champion, more on
 * "Load more"), a KDA and CS/min trend over them, the champion pool and the averages per role. A lazy chunk of
 * the profile page.
 */
export function MatchHistory({ userId }: { userId: string }) {
  const headingId = useId();
  const [filters, setFilters] = useState<MatchFilters>({ role: null, champion: null });
  const ddragon = useDdragon();
  const matches = useUserMatches(userId, filters);
  const champions = useUserChampions(userId);
  const roles = useUserRoles(userId);
  const rows = matches.data?.pages.flatMap((page) => page.rows) ?? [];
  const filtered = filters.role !== null || filters.champion !== null;
  const noGamesAtAll = champions.data?.length === 0 || (!filtered && matches.isSuccess && rows.length === 0);

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 } }}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ textShadow: '0 1px 4px rgba(0,0,0,0.6)' }}>
        {MATCH_MESSAGES.historyTitle}
      </Typography>
      {noGamesAtAll ? (
        <Paper sx={{ p: 2, bgcolor: 'rgba(15,30,54,0.85)' }}>
          <Typography color="text.secondary">{MATCH_MESSAGES.noMatches}</Typography>
        </Paper>
      ) : (
        <>
          <Paper sx={{ p: { xs: 1.5, sm: 2 }, bgcolor: 'rgba(15,30,54,0.85)', minWidth: 0, display: 'grid', gap: 1.5 }}>
            <Filters filters={filters} onChange={setFilters} champions={champions.data?.map((c) => c.champion) ?? []} />
            {matches.isError ? (
              <Typography color="text.secondary">{MATCH_MESSAGES.historyError}</Typography>
            ) : matches.isPending ? (
              <Typography color="text.secondary">{MATCH_MESSAGES.historyLoading}</Typography>
            ) : rows.length === 0 ? (
              <Typography color="text.secondary">{MATCH_MESSAGES.noMatches}</Typography>
            ) : (
              <Box component="ol" aria-label={MATCH_MESSAGES.historyTitle} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {rows.map((row) => (
                  <GameRow key={row.matchId} row={row} ddragon={ddragon} />
                ))}
              </Box>
            )}
            {matches.hasNextPage && (
              <Button
                onClick={() => void matches.fetchNextPage()}
                disabled={matches.isFetchingNextPage}
                variant="outlined"
                sx={{ justifySelf: 'center' }}
              >
                {MATCH_MESSAGES.loadMore}
              </Button>
            )}
          </Paper>
          {rows.length > 1 && <MatchTrend rows={rows} />}
          <Box
            sx={{
              display: 'grid',
              gap: { xs: 1.5, sm: 2 },
              // The per-role table has three more columns than the champion pool: it gets the wider share.
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
              alignItems: 'start',
            }}
          >
            {champions.data && champions.data.length > 0 && (
              <ChampionPool champions={champions.data} ddragon={ddragon} />
            )}
            {roles.data && roles.data.some((r) => r.games > 0) && <RoleAverages roles={roles.data} />}
          </Box>
        </>
      )}
    </Box>
  );
}

function Filters({
  filters,
  onChange,
  champions,
}: {
  filters: MatchFilters;
  onChange: (filters: MatchFilters) => void;
  champions: string[];
}) {
  const roleId = useId();
  const championId = useId();
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
      <FormControl size="small" sx={{ minWidth: 140, flex: { xs: '1 1 0', sm: 'none' } }}>
        <InputLabel id={roleId}>{MATCH_MESSAGES.roleFilter}</InputLabel>
        <Select
          labelId={roleId}
          label={MATCH_MESSAGES.roleFilter}
          value={filters.role ?? ALL}
          onChange={(event) => onChange({ ...filters, role: (event.target.value || null) as Role | null })}
        >
          <MenuItem value={ALL}>{MATCH_MESSAGES.allRoles}</MenuItem>
          {ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {role}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ minWidth: 160, flex: { xs: '1 1 0', sm: 'none' } }}>
        <InputLabel id={championId}>{MATCH_MESSAGES.championFilter}</InputLabel>
        <Select
          labelId={championId}
          label={MATCH_MESSAGES.championFilter}
          value={filters.champion ?? ALL}
          onChange={(event) => onChange({ ...filters, champion: event.target.value || null })}
        >
          <MenuItem value={ALL}>{MATCH_MESSAGES.allChampions}</MenuItem>
          {champions.map((champion) => (
            <MenuItem key={champion} value={champion}>
              {champion}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Box>
  );
}

/** A team game's mark: the teams by tag and a link to its series. */
function TeamGameMark({ teamGame }: { teamGame: NonNullable<UserMatchRow['teamGame']> }) {
  const { teamTag, opponentTag, number } = teamGame;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap', mt: 0.25 }}>
      <Chip size="small" variant="outlined" color="primary" label={MATCH_TEAM_GAME_TEXTS.teamGame} />
      <Link
        component={RouterLink}
        to={`/series/${teamGame.seriesId}`}
        variant="caption"
        aria-label={MATCH_TEAM_GAME_TEXTS.seriesLink(teamTag, opponentTag, number)}
      >
        {MATCH_TEAM_GAME_TEXTS.matchup(teamTag, opponentTag, number)}
      </Link>
    </Box>
  );
}

/** One game: champion, result, KDA, CS (per minute), duration, the scrim it was and when. */
function GameRow({ row, ddragon }: { row: UserMatchRow; ddragon: Ddragon | null }) {
  return (
    <Box
      component="li"
      data-testid="match-row"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr) auto',
        alignItems: 'center',
        columnGap: 1.25,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        borderLeft: '3px solid',
        borderLeftColor: row.win ? 'success.main' : 'error.main',
        pl: 1,
      }}
    >
      <GameIcon src={ddragon ? championIconUrl(ddragon, row.champion) : null} label={row.champion} size={36} />
      <Box sx={{ minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/scrims/${row.scrimId}`}
          sx={{ fontWeight: 600, display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {row.scrimTitle}
        </Link>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          <b>
            {row.kills}/{row.deaths}/{row.assists}
          </b>{' '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            ({formatKda(row.kills, row.deaths, row.assists)} {MATCH_MESSAGES.kda}) · {row.cs} {MATCH_MESSAGES.cs} (
            {perMinute(row.cs, row.durationSeconds).toFixed(1)}
            {MATCH_MESSAGES.perMinute}) · {formatGameDuration(row.durationSeconds)}
          </Box>
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {row.champion}
          {row.role ? ` · ${row.role}` : ''} · <time dateTime={row.playedAt}>{formatListDate(row.playedAt)}</time>
        </Typography>
        {row.teamGame && <TeamGameMark teamGame={row.teamGame} />}
      </Box>
      <Chip
        size="small"
        label={row.win ? MATCH_MESSAGES.win : MATCH_MESSAGES.loss}
        sx={{ bgcolor: row.win ? 'success.main' : 'error.main', color: 'background.default', fontWeight: 700 }}
      />
    </Box>
  );
}
