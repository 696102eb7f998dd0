import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { BOARD_FORMAT_LABELS, TEAM_SERIES_TEXTS as T, type TeamSeriesEntry } from '@scrim-gym/shared';
import { PageSection } from '../../../components/PageSection';
import { TeamBadge } from '../../../components/TeamBadge';
import { formatWhen } from '../../../lib/datetime';
import { useTeamSeries } from '../api/teams';

/** The chip that ends a row: live for an upcoming series, the result (or the cancel) for a recent one. */
function StateChip({ entry }: { entry: TeamSeriesEntry }) {
  if (entry.status === 'live') return <Chip size="small" color="success" label={T.live} />;
  if (entry.cancel)
    return <Chip size="small" color="warning" label={entry.cancel.late ? T.cancelledLate : T.cancelled} />;
  if (!entry.outcome) return null;
  const color = entry.outcome === 'won' ? 'success' : entry.outcome === 'lost' ? 'default' : 'info';
  return <Chip size="small" color={color} label={T.outcomes[entry.outcome]} />;
}

/** One series as a link to its page: the other team, format, fearless, local start, and its score once it has one. */
function SeriesRow({ entry }: { entry: TeamSeriesEntry }) {
  const opponent = entry.opponent ?? { name: T.deletedTeam, tag: '?', logoUrl: null };
  // A score once there is one: a finished series always, a live or cancelled one after a game was won.
  const scored = entry.status === 'finished' || entry.score.team + entry.score.opponent > 0;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={`/series/${entry._id}`}
        sx={{ borderRadius: 1, gap: { xs: 1, sm: 2 }, flexWrap: 'wrap', justifyContent: 'space-between' }}
      >
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <TeamBadge team={opponent} />
          <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, mt: 0.5 }}>
            <Typography variant="body2">{BOARD_FORMAT_LABELS[entry.format]}</Typography>
            {entry.fearless && <Chip size="small" variant="outlined" label={T.fearless} />}
            <Typography variant="body2" color="text.secondary">
              {formatWhen(entry.startsAt)}
            </Typography>
          </Stack>
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
          {scored && (
            <Typography variant="h6" component="span" sx={{ fontWeight: 800 }}>
              {T.score(entry.score.team, entry.score.opponent)}
            </Typography>
          )}
          <StateChip entry={entry} />
        </Stack>
      </ListItemButton>
    </ListItem>
  );
}

/** A list of series, or what to do while it is empty (a captain is pointed to the Scrim Board). */
function SeriesSection({
  title,
  entries,
  empty,
  isCaptain,
}: {
  title: string;
  entries: TeamSeriesEntry[] | undefined;
  empty: string;
  isCaptain: boolean;
}) {
  return (
    <PageSection title={title}>
      {entries === undefined ? (
        <Typography color="text.secondary">{T.failed}</Typography>
      ) : entries.length === 0 ? (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">{empty}</Typography>
          {isCaptain && (
            <Button variant="outlined" component={RouterLink} to="/board">
              {T.findSeries}
            </Button>
          )}
        </Stack>
      ) : (
        <List aria-label={title} disablePadding>
          {entries.map((entry) => (
            <SeriesRow key={entry._id} entry={entry} />
          ))}
        </List>
      )}
    </PageSection>
  );
}

/** The team's upcoming series (scheduled or live, soonest first) and recent ones (with scores), from its side. */
export function TeamSeriesLists({ teamId, isCaptain }: { teamId: string; isCaptain: boolean }) {
  const lists = useTeamSeries(teamId);
  if (lists.isPending) return null;
  return (
    <>
      <SeriesSection
        title={T.upcoming}
        entries={lists.data?.upcoming}
        empty={isCaptain ? T.noUpcomingCaptain : T.noUpcoming}
        isCaptain={isCaptain}
      />
      <SeriesSection
        title={T.recent}
        entries={lists.data?.recent}
        empty={isCaptain ? T.noRecentCaptain : T.noRecent}
        isCaptain={false}
      />
    </>
  );
}
