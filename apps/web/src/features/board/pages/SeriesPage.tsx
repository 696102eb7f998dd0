import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { BOARD_TEXTS, DRAFT_TEXTS, SERIES_TEXTS as T, TEAM_ROLES, type Series } from '@scrim-gym/shared';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { formatWhen } from '../../../lib/datetime';
import { profilePath } from '../../../lib/profile-link';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCopy } from '../../alerts/use-copy';
import { useSeries } from '../api/board';
import { CancelSeriesDialog, isLateCancel } from '../components/CancelSeriesDialog';
import { SideChoice } from '../components/SideChoice';
import { TeamCardBadge } from '../components/TeamCardBadge';
import { useSeriesLive } from '../hooks/board-live';
import { PageSection } from '../../../components/PageSection';

// The editor brings the drag library: a chunk of its own, loaded only for a captain who may set a lineup.
const LineupEditor = lazy(() => import('../components/LineupEditor').then((m) => ({ default: m.LineupEditor })));

type SeriesTeam = Series['teams'][number];
const SIDE_COLOR = { blue: 'info', red: 'error' } as const;
const sideName = (side: SeriesTeam['side']) => (side === 'blue' ? T.blue : T.red);
const teamName = (team: SeriesTeam) => team.team?.name ?? T.deletedTeam;

/**
 * /series/:id: the two teams (game 1's sides), how and when they play, the score, lineups and games. What the
 * viewer may do (set a lineup, pick a side, cancel) is the server's `can`; nothing is recomputed here.
 */
export function SeriesPage() {
  const { id = '' } = useParams();
  const series = useSeries(id);
  useSeriesLive(id);
  /** When the cancel dialog was opened (whether the cancel is late is read then), or null while it is closed. */
  const [cancelAt, setCancelAt] = useState<number | null>(null);
  const [blue, red] = series.data?.teams ?? [];
  usePageTitle(blue && red ? T.pageTitle(teamName(blue), teamName(red)) : T.fallbackTitle);
  if (series.isPending) return <LoadingScreen text={T.loading} />;
  if (series.isError || !blue || !red) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="error">{T.notFound}</Alert>
      </Container>
    );
  }
  const { data } = series;
  const edits = (team: SeriesTeam) =>
    data.can.editLineup && Boolean(team.team && data.can.captainOf.includes(team.team._id));
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack spacing={2}>
        <Link component={RouterLink} to="/board" sx={{ alignSelf: 'flex-start' }}>
          {T.backToBoard}
        </Link>
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, overflowWrap: 'anywhere', mb: 2 }}>
            {teamName(blue)} {T.vs} {teamName(red)}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              alignItems: 'center',
              gridTemplateColumns: { xs: '1fr', md: '1fr auto 1fr' },
            }}
          >
            <SideCard team={blue} />
            <Box sx={{ textAlign: 'center' }}>
              <Typography variant="overline" color="text.secondary">
                {T.score}
              </Typography>
              <Typography variant="h3" component="p" sx={{ fontWeight: 800 }}>
                {T.scoreValue(blue.score, red.score)}
              </Typography>
            </Box>
            <SideCard team={red} />
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
            <Chip color={data.status === 'live' ? 'success' : 'default'} label={T.status[data.status]} />
            <Chip color="primary" label={BOARD_TEXTS.formats[data.format]} />
            <Chip variant="outlined" label={data.fearless ? T.fearless : T.notFearless} />
            <Chip variant="outlined" label={DRAFT_TEXTS.seriesDraft(DRAFT_TEXTS.modes[data.draft])} />
            <Chip variant="outlined" label={data.region} />
            <Chip variant="outlined" label={`${T.startsAt}: ${formatWhen(data.startsAt)}`} />
          </Stack>
          {data.status === 'cancelled' && data.cancel && <Cancelled series={data} />}
          {data.can.cancel && (
            <>
              <Button variant="outlined" color="error" sx={{ mt: 2 }} onClick={() => setCancelAt(Date.now())}>
                {T.cancelSeries}
              </Button>
              <CancelSeriesDialog
                series={data}
                open={cancelAt !== null}
                late={cancelAt !== null && isLateCancel(data, cancelAt)}
                onClose={() => setCancelAt(null)}
              />
            </>
          )}
        </Paper>
        <PageSection title={T.lineups}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {[blue, red].map((team) =>
              edits(team) ? (
                <Suspense key={team.side} fallback={<Typography color="text.secondary">{T.loadingRoster}</Typography>}>
                  <LineupEditor series={data} team={team} />
                </Suspense>
              ) : (
                <Lineup key={team.side} team={team} />
              ),
            )}
          </Box>
        </PageSection>
        <PageSection title={T.games}>
          <Games series={data} />
        </PageSection>
      </Stack>
    </Container>
  );
}

function SideCard({ team }: { team: SeriesTeam }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderColor: `${SIDE_COLOR[team.side]}.main`, borderWidth: 2, minWidth: 0 }}>
      {/* Dark text on both sides' colours: white on the theme's red reads at about 3:1. */}
      <Chip
        size="small"
        color={SIDE_COLOR[team.side]}
        label={T.sideInGame1(sideName(team.side))}
        sx={{ mb: 1.5, color: 'common.black' }}
      />
      {team.team ? (
        <Link component={RouterLink} to={`/teams/${team.team._id}`} underline="none" color="inherit">
          <TeamCardBadge team={team.team} />
        </Link>
      ) : (
        <Typography color="text.secondary">{T.deletedTeam}</Typography>
      )}
    </Paper>
  );
}

/** A team's players in role order; a role without a player is left out. */
function Lineup({ team }: { team: SeriesTeam }) {
  const name = teamName(team);
  const players = [...team.lineup].sort((a, b) => TEAM_ROLES.indexOf(a.role) - TEAM_ROLES.indexOf(b.role));
  return (
    <Box>
      <Typography component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
        {T.lineupOf(name)}
      </Typography>
      {players.length === 0 ? (
        <Typography color="text.secondary">{T.noLineup}</Typography>
      ) : (
        <List dense disablePadding aria-label={T.lineupOf(name)}>
          {players.map((player) => (
            <ListItem key={player.user._id} disableGutters sx={{ gap: 1.5 }}>
              <Typography variant="body2" color="text.secondary" sx={{ width: 64, flexShrink: 0 }}>
                {player.role}
              </Typography>
              <Link component={RouterLink} to={profilePath(player.user)} sx={{ overflowWrap: 'anywhere' }}>
                {player.user.name}
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto', flexShrink: 0 }}>
                {player.user.rank}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/** Who cancelled the series, why, and whether it was late (it then counts against that team). */
function Cancelled({ series }: { series: Series }) {
  const cancel = series.cancel;
  if (!cancel) return null;
  const by = series.teams.find((team) => team.team && team.team._id === cancel.byTeamId);
  return (
    <Alert severity="warning" sx={{ mt: 2 }}>
      <AlertTitle>{by ? T.cancelledBy(teamName(by)) : T.status.cancelled}</AlertTitle>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {T.cancelledReason(cancel.reason)}
      </Typography>
      {cancel.late && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          <Chip size="small" color="warning" label={T.lateCancel} />
          <Typography variant="body2">{T.lateCancelHelp}</Typography>
        </Stack>
      )}
    </Alert>
  );
}

/**
 * Each game links to its scrim page, with its sides, start, state and winner; below the link, the tournament code
 * for those the server gives it to, and the side choice while the previous game's loser may still pick.
 */
function Games({ series }: { series: Series }) {
  const copy = useCopy();
  if (series.games.length === 0) return <Typography color="text.secondary">{T.noGames}</Typography>;
  const nameOf = (teamId: string | null | undefined) => {
    const team = series.teams.find((t) => t.team?._id === teamId);
    return team ? teamName(team) : T.deletedTeam;
  };
  return (
    <List disablePadding aria-label={T.games}>
      {[...series.games]
        .sort((a, b) => a.number - b.number)
        .map((game) => (
          <ListItem key={game.scrimId} disablePadding divider sx={{ flexDirection: 'column', alignItems: 'stretch' }}>
            <ListItemButton
              component={RouterLink}
              to={`/scrims/${game.scrimId}`}
              aria-label={T.openGame(game.number)}
              sx={{ flexWrap: 'wrap', gap: 1.5 }}
            >
              <Typography sx={{ fontWeight: 700, minWidth: 72 }}>{T.game(game.number)}</Typography>
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {T.gameSides(nameOf(game.blueTeamId), nameOf(game.redTeamId))}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {T.gameStarts(formatWhen(game.startsAt))}
                </Typography>
              </Box>
              <Chip size="small" color={game.status === 'live' ? 'success' : 'default'} label={T.status[game.status]} />
              {game.winnerTeamId && <Chip size="small" color="success" label={T.winner(nameOf(game.winnerTeamId))} />}
            </ListItemButton>
            {(game.tournamentCode || game.sideChoice) && (
              <Stack spacing={1} sx={{ px: 2, pb: 1.5 }}>
                {game.tournamentCode && (
                  <Box>
                    <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                        {T.code}: {game.tournamentCode}
                      </Typography>
                      <Button
                        size="small"
                        aria-label={T.copyCode(game.number)}
                        onClick={() => void copy(game.tournamentCode ?? '', T.codeCopied)}
                        sx={{ minWidth: 0 }}
                      >
                        <ContentCopyIcon fontSize="small" />
                      </Button>
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {T.codeHelp}
                    </Typography>
                  </Box>
                )}
                {game.sideChoice && (
                  <SideChoice series={series} game={game} teamName={nameOf(game.sideChoice.teamId)} />
                )}
              </Stack>
            )}
          </ListItem>
        ))}
    </List>
  );
}
