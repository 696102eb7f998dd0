import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { BOARD_TEXTS, SERIES_TEXTS as T, TEAM_ROLES, type Series } from '@scrim-gym/shared';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { formatWhen } from '../../../lib/datetime';
import { profilePath } from '../../../lib/profile-link';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSeries } from '../api/board';
import { TeamCardBadge } from '../components/TeamCardBadge';
import { PageSection } from '../../../components/PageSection';

type SeriesTeam = Series['teams'][number];
const SIDE_COLOR = { blue: 'info', red: 'error' } as const;
const sideName = (side: SeriesTeam['side']) => (side === 'blue' ? T.blue : T.red);
const teamName = (team: SeriesTeam) => team.team?.name ?? T.deletedTeam;

/** /series/:id: the two teams (game 1's sides), how and when they play, the score, lineups and games. */
export function SeriesPage() {
  const { id = '' } = useParams();
  const series = useSeries(id);
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
            <Chip variant="outlined" label={data.region} />
            <Chip variant="outlined" label={`${T.startsAt}: ${formatWhen(data.startsAt)}`} />
          </Stack>
        </Paper>
        <PageSection title={T.lineups}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {[blue, red].map((team) => (
              <Lineup key={team.side} team={team} />
            ))}
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

/** Each game links to its scrim page, with its sides, state, winner and the tournament code when there is one. */
function Games({ series }: { series: Series }) {
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
          <ListItem key={game.scrimId} disablePadding divider>
            <ListItemButton
              component={RouterLink}
              to={`/scrims/${game.scrimId}`}
              aria-label={T.openGame(game.number)}
              sx={{ flexWrap: 'wrap', gap: 1.5 }}
            >
              <Typography sx={{ fontWeight: 700, minWidth: 72 }}>{T.game(game.number)}</Typography>
              <Typography variant="body2" sx={{ flex: '1 1 200px', overflowWrap: 'anywhere' }}>
                {T.blue}: {nameOf(game.blueTeamId)} · {T.red}: {nameOf(game.redTeamId)}
              </Typography>
              <Chip size="small" label={T.status[game.status]} />
              {game.winnerTeamId && <Chip size="small" color="success" label={T.winner(nameOf(game.winnerTeamId))} />}
              {game.tournamentCode && (
                <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {T.code}: {game.tournamentCode}
                </Typography>
              )}
            </ListItemButton>
          </ListItem>
        ))}
    </List>
  );
}
