import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { BREAKPOINTS, LEADERBOARD_MESSAGES, REGIONS, LEADERBOARD_TEXTS as T, type Region } from '@scrim-gym/shared';
import { useMinWidth } from '../../../lib/use-min-width';
import { useCurrentUser } from '../../auth/api/session';
import { useLeaderboard, useSeasons, useTeamLeaderboard, type LeaderboardFilters } from '../api/leaderboard';
import { CompactRow, LeaderboardList, LeaderboardTable } from '../components/LeaderboardRows';
import { TeamLeaderboardList, TeamLeaderboardTable } from '../components/TeamLeaderboardRows';

/** The filters of `/leaderboard?region=&season=`; anything unknown in the address is left out. */
function filtersOf(params: URLSearchParams): LeaderboardFilters {
  const region = params.get('region');
  const season = Number(params.get('season'));
  return {
    ...((REGIONS as readonly string[]).includes(region ?? '') && { region: region as Region }),
    ...(Number.isInteger(season) && season > 0 && { season }),
  };
}

/** Which board the address shows: the players' (`/leaderboard`) or the teams' (`/leaderboard?board=teams`). */
const teamsBoardOf = (params: URLSearchParams) => params.get('board') === 'teams';

/**
 * The leaderboard: a season's board (all regions or one) of players or of teams, 50 rows a page with "Load
 * more"; on the players' board the viewer's own row is pinned above it and highlighted in it. Public: visitors
 * read it (names link to profiles and team pages for users only).
 */
export function LeaderboardPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const { user } = useCurrentUser();
  const seasons = useSeasons(Boolean(user)).data ?? [];
  const teamsBoard = teamsBoardOf(params);
  const players = useLeaderboard(filters, !teamsBoard);
  const teams = useTeamLeaderboard(filters, teamsBoard);
  const board = teamsBoard ? teams : players;
  const wide = useMinWidth(BREAKPOINTS.sm);
  const rows = players.data?.pages.flatMap((page) => page.rows) ?? [];
  const teamRows = teams.data?.pages.flatMap((page) => page.rows) ?? [];
  const me = players.data?.pages[0]?.me ?? null;
  const linked = Boolean(user);

  useEffect(() => {
    const previous = document.title;
    document.title = T.pageTitle;
    return () => {
      document.title = previous;
    };
  }, []);

  const setFilter = (name: 'region' | 'season' | 'board', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack spacing={2}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {T.title}
          </Typography>
          <Typography color="text.secondary">{teamsBoard ? T.teamsIntro : T.intro}</Typography>
        </Box>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-label={T.board}
          value={teamsBoard ? 'teams' : 'players'}
          onChange={(_, value: string | null) => value && setFilter('board', value === 'teams' ? 'teams' : '')}
          sx={{ alignSelf: 'flex-start' }}
        >
          <ToggleButton value="players">{T.players}</ToggleButton>
          <ToggleButton value="teams">{T.teams}</ToggleButton>
        </ToggleButtonGroup>
        <Stack direction="row" spacing={1.5}>
          <TextField
            select
            size="small"
            label={T.season}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            value={filters.season ? String(filters.season) : ''}
            onChange={(e) => setFilter('season', e.target.value)}
            sx={{ flex: { xs: 1, sm: '0 0 220px' } }}
          >
            <MenuItem value="">{T.currentSeason}</MenuItem>
            {/* A season named by the address but not listed (a visitor gets no list): its id. */}
            {filters.season && !seasons.some((season) => season.id === filters.season) && (
              <MenuItem value={String(filters.season)}>{T.seasonNumber(filters.season)}</MenuItem>
            )}
            {seasons
              .filter((season) => !season.current)
              .map((season) => (
                <MenuItem key={season.id} value={String(season.id)}>
                  {season.name}
                </MenuItem>
              ))}
          </TextField>
          <TextField
            select
            size="small"
            label={T.region}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            value={filters.region ?? ''}
            onChange={(e) => setFilter('region', e.target.value)}
            sx={{ flex: { xs: 1, sm: '0 0 180px' } }}
          >
            <MenuItem value="">{T.allRegions}</MenuItem>
            {REGIONS.map((region) => (
              <MenuItem key={region} value={region}>
                {region}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {!teamsBoard && players.data?.pages[0]?.recalculating && (
          <Alert severity="info" role="status" variant="outlined">
            {LEADERBOARD_MESSAGES.recalculating}
          </Alert>
        )}
        {!teamsBoard && user && players.data && (
          <Paper
            component="section"
            aria-label={T.yourRank}
            sx={{ bgcolor: 'rgba(15,30,54,0.85)', border: 1, borderColor: 'primary.dark' }}
          >
            <Typography variant="overline" sx={{ px: 1.5, pt: 1, display: 'block', color: 'primary.main' }}>
              {T.yourRank}
            </Typography>
            {me ? (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, '& > li': { borderBottom: 0 } }}>
                <CompactRow row={me} own linked={linked} />
              </Box>
            ) : (
              <Typography color="text.secondary" sx={{ px: 1.5, pb: 1.5 }}>
                {T.notRanked}
              </Typography>
            )}
          </Paper>
        )}
        <Paper sx={{ bgcolor: 'rgba(15,30,54,0.85)', overflow: 'hidden' }}>
          {board.isPending ? (
            <Box role="status" sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
              <CircularProgress aria-label={T.loading} />
            </Box>
          ) : board.isError ? (
            <Alert severity="error">{board.error.message || T.failed}</Alert>
          ) : teamsBoard ? (
            teamRows.length === 0 ? (
              <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
                {T.teamsEmpty}
              </Typography>
            ) : wide ? (
              <TeamLeaderboardTable rows={teamRows} linked={linked} />
            ) : (
              <TeamLeaderboardList rows={teamRows} linked={linked} />
            )
          ) : rows.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              {T.empty}
            </Typography>
          ) : wide ? (
            <LeaderboardTable rows={rows} ownId={user?._id ?? null} linked={linked} />
          ) : (
            <LeaderboardList rows={rows} ownId={user?._id ?? null} linked={linked} />
          )}
        </Paper>
        {board.hasNextPage && (
          <Button
            variant="outlined"
            onClick={() => void board.fetchNextPage()}
            disabled={board.isFetchingNextPage}
            sx={{ alignSelf: 'center' }}
          >
            {T.loadMore}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
