import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BOARD_TEXTS as T, REGIONS } from '@scrim-gym/shared';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCurrentUser } from '../../auth/api/session';
import { scrimBoardQuery, type BoardFilters } from '../api/board';
import { BoardFilterBar, NO_FILTERS, type FilterValues } from '../components/BoardFilterBar';
import { PostCard } from '../components/PostCard';
import { PostDialog } from '../components/PostDialog';
import { useBoardLive } from '../hooks/board-live';
import { useCaptainedTeams } from '../hooks/use-captained-teams';
import { useUserTeams } from '../../teams/api/teams';
import { dayBound } from '../lib/board-view';

/** The query the filters stand for; "fits my team" is the band of the team's rating, which the server reads. */
function boardFilters(values: FilterValues, fitsTeamId: string | null): BoardFilters {
  const fits = values.fits && fitsTeamId;
  return {
    region: values.region || undefined,
    from: dayBound(values.from, false),
    to: dayBound(values.to, true),
    format: values.format || undefined,
    rankMin: (!fits && values.rankMin) || undefined,
    rankMax: (!fits && values.rankMax) || undefined,
    fitsTeamId: fits || undefined,
  };
}

/**
 * /board: the open scrim posts, filtered, a page at a time. Captains post from here and answer their posts'
 * requests; captains of other teams ask for a post.
 */
export function BoardPage() {
  usePageTitle(T.pageTitle);
  const { user } = useCurrentUser();
  const captained = useCaptainedTeams();
  // The region starts as the viewer's (the only one their teams ask in) until they pick one.
  const [chosen, setChosen] = useState<Partial<FilterValues>>({});
  const values: FilterValues = { ...NO_FILTERS, region: user?.region ?? '', ...chosen };
  const [posting, setPosting] = useState(false);

  // "Fits my team": any team the viewer plays on in the region shown (every team of theirs without a region).
  const myTeams = useUserTeams(user?._id).data ?? [];
  const fitsTeams = myTeams.filter((team) => !values.region || team.region === values.region);
  const fitsTeam = fitsTeams.find((team) => team._id === values.fitsTeamId) ?? fitsTeams[0];

  const posts = useInfiniteQuery({
    ...scrimBoardQuery(boardFilters(values, fitsTeam?._id ?? null)),
    enabled: Boolean(user),
  });
  // Live: the board of the region shown (every region's when it does not filter by one) is read again on a change.
  useBoardLive(values.region ? [values.region] : REGIONS);
  const rows = posts.data?.pages.flatMap((page) => page.rows) ?? [];
  const isCaptain = captained.teams.length > 0;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack spacing={2}>
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}
        >
          <Box sx={{ flex: '1 1 320px' }}>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
              {T.title}
            </Typography>
            <Typography color="text.secondary">{T.intro}</Typography>
          </Box>
          {isCaptain && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setPosting(true)}>
              {T.postScrim}
            </Button>
          )}
        </Box>
        {!captained.isPending && !isCaptain && rows.length > 0 && (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" component={RouterLink} to="/teams">
                {T.goToTeams}
              </Button>
            }
          >
            {T.notCaptain}
          </Alert>
        )}
        <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
          <BoardFilterBar
            values={values}
            onChange={(patch) => setChosen((current) => ({ ...current, ...patch }))}
            onClear={() => setChosen({ ...NO_FILTERS, region: '' })}
            fitsTeams={fitsTeams}
          />
        </Paper>
        <Box component="section" aria-labelledby="board-posts">
          <Typography id="board-posts" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {T.posts}
          </Typography>
          {posts.isPending ? (
            <CircularProgress size={24} aria-label={T.loading} />
          ) : posts.isError ? (
            <Alert severity="error">{T.failed}</Alert>
          ) : rows.length === 0 ? (
            <EmptyBoard isCaptain={isCaptain} onPost={() => setPosting(true)} />
          ) : (
            <Stack spacing={1.5}>
              {rows.map((post) => (
                <PostCard key={post._id} post={post} captained={captained.teams} />
              ))}
            </Stack>
          )}
          {posts.hasNextPage && (
            <Box sx={{ textAlign: 'center', mt: 2 }}>
              <Button variant="outlined" onClick={() => void posts.fetchNextPage()} disabled={posts.isFetchingNextPage}>
                {T.loadMore}
              </Button>
            </Box>
          )}
        </Box>
      </Stack>
      {posting && <PostDialog teams={captained.teams} open onClose={() => setPosting(false)} />}
    </Container>
  );
}

/** What to do when nothing matches: a captain posts one, anyone else joins or creates a team. */
function EmptyBoard({ isCaptain, onPost }: { isCaptain: boolean; onPost: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>{isCaptain ? T.emptyCaptain : T.emptyPlayer}</Typography>
      {isCaptain ? (
        <Button variant="contained" startIcon={<AddIcon />} onClick={onPost}>
          {T.postScrim}
        </Button>
      ) : (
        <Button variant="contained" component={RouterLink} to="/teams">
          {T.goToTeams}
        </Button>
      )}
    </Paper>
  );
}
