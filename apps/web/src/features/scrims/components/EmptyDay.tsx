import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { SCRIM_MESSAGES, HUB_TEXTS, SCRIM_TEXTS, type Region } from '@scrim-gym/shared';
import { useCurrentUser } from '../../auth/api/session';
import { creatableRegions } from '../../auth/lib/hosts';
import { useNextScrimDays } from '../api/scrims';
import { dayHeading } from '../lib/day';

const T = SCRIM_TEXTS.hub;

/**
 * A view without scrims: whoever may create scrims in the region (an admin, its community host: the session's
 * flags, as the server decides them) is offered "Create a scrim"; everyone else sees the next days that have
 * scrims (the server's, at most 14 days after the view), each a link to that day.
 */
export function EmptyDay({ region, after }: { region: Region; after: string }) {
  const { user } = useCurrentUser();
  const [params] = useSearchParams();
  const mayCreate = creatableRegions(user).includes(region);
  const next = useNextScrimDays({ region, after, enabled: !mayCreate });
  const linkTo = (day: string) => {
    const query = new URLSearchParams(params);
    query.set('date', day);
    query.delete('view');
    return `/scrims?${query}`;
  };

  return (
    <Box role="status" sx={{ textAlign: 'center', py: 6, display: 'grid', gap: 1.5, justifyItems: 'center' }}>
      <Typography variant="h6" component="p">
        {SCRIM_MESSAGES.noScrims(region)}
      </Typography>
      {mayCreate ? (
        <Button variant="contained" component={RouterLink} to="/scrims/new">
          {T.createScrim}
        </Button>
      ) : next.data && next.data.days.length > 0 ? (
        <Box component="nav" aria-label={T.nextDaysWithScrims} sx={{ display: 'grid', gap: 1 }}>
          <Typography color="text.secondary">{T.nextDaysWithScrims}</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'center' }}>
            {next.data.days.map((day) => (
              <Link key={day} component={RouterLink} to={linkTo(day)}>
                {dayHeading(day)}
              </Link>
            ))}
          </Box>
        </Box>
      ) : (
        <Typography color="text.secondary">{next.data ? T.noNextDays : HUB_TEXTS.noScrimsHint}</Typography>
      )}
    </Box>
  );
}
