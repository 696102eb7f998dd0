import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { REGIONS, TEAM_LIMIT_PER_USER, TEAM_TEXTS as T, type Region } from '@scrim-gym/shared';
import { messageOf } from '../../../lib/api';
import { useDebounced } from '../../../lib/use-debounced';
import { useAlert } from '../../alerts/alert-context';
import { useCurrentUser } from '../../auth/api/session';
import { teamSearchQuery, useCreateTeam, useUserTeams } from '../api/teams';
import { TeamForm } from '../components/TeamForm';
import { TeamList } from '../components/TeamList';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageSection } from '../../../components/PageSection';

/** /teams: the viewer's teams, a form to create one (up to the limit), and a search over every team. */
export function TeamsPage() {
  usePageTitle(T.pageTitle);
  const { user } = useCurrentUser();
  const mine = useUserTeams(user?._id);
  const create = useCreateTeam();
  const showAlert = useAlert();
  const navigate = useNavigate();
  const atLimit = (mine.data?.length ?? 0) >= TEAM_LIMIT_PER_USER;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack spacing={2}>
        <div>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {T.title}
          </Typography>
          <Typography color="text.secondary">{T.intro}</Typography>
        </div>
        <PageSection title={T.yourTeams}>
          {mine.isPending ? (
            <CircularProgress size={24} aria-label={T.loading} />
          ) : mine.isError ? (
            <Alert severity="error">{T.failed}</Alert>
          ) : mine.data.length === 0 ? (
            <Typography color="text.secondary">{T.noTeams}</Typography>
          ) : (
            <TeamList teams={mine.data} label={T.yourTeams} />
          )}
        </PageSection>
        <PageSection title={T.create}>
          {atLimit ? (
            <Typography color="text.secondary">{T.atLimit}</Typography>
          ) : (
            <TeamForm
              initial={{ name: '', tag: '', region: user?.region ?? '', logoUrl: '' }}
              submitLabel={T.createButton}
              busy={create.isPending}
              onSubmit={(body) =>
                create.mutate(body, {
                  onSuccess: (team) => {
                    showAlert({ type: 'Success', message: T.created(team.name) });
                    void navigate(`/teams/${team._id}`);
                  },
                  onError: (error) => showAlert({ type: 'Error', message: messageOf(error, T.failedAction) }),
                })
              }
            />
          )}
        </PageSection>
        <PageSection title={T.find}>
          <TeamSearch />
        </PageSection>
      </Stack>
    </Container>
  );
}

function TeamSearch() {
  const [q, setQ] = useState('');
  const [region, setRegion] = useState<Region | ''>('');
  const query = useDebounced(q.trim(), 250);
  const results = useInfiniteQuery(teamSearchQuery(region || undefined, query));
  const rows = results.data?.pages.flatMap((page) => page.rows) ?? [];
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1.5}>
        <TextField
          size="small"
          label={T.search}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          type="search"
          sx={{ flex: 1 }}
        />
        <TextField
          select
          size="small"
          label={T.region}
          value={region}
          onChange={(e) => setRegion(e.target.value as Region | '')}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ width: { xs: 130, sm: 180 } }}
        >
          <MenuItem value="">{T.allRegions}</MenuItem>
          {REGIONS.map((r) => (
            <MenuItem key={r} value={r}>
              {r}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {results.isError ? (
        <Alert severity="error">{T.failed}</Alert>
      ) : results.isPending ? (
        <CircularProgress size={24} aria-label={T.loading} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{T.noResults}</Typography>
      ) : (
        <TeamList teams={rows} label={T.find} />
      )}
      {results.hasNextPage && (
        <Button onClick={() => void results.fetchNextPage()} disabled={results.isFetchingNextPage}>
          {T.loadMore}
        </Button>
      )}
    </Stack>
  );
}
