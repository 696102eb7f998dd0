import EventIcon from '@mui/icons-material/Event';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { SCRIM_TEXTS } from '@scrim-gym/shared';
import { scrimCalendarUrl } from '../api/scrim-calendar';
import type { ScrimView } from './scrim-view-context';

/**
 * "Add to calendar" for a scrim that is still to come: a plain download link of its .ics file (the session cookie
 * goes along). Text on the scrim's page, an icon named by its hover hint on the hub's cards.
 */
export function AddToCalendarButton({ view }: { view: ScrimView }) {
  const { scrim, level } = view;
  if (scrim.status !== 'scheduled') return null;
  const link = { component: 'a', href: scrimCalendarUrl(scrim._id), download: true } as const;
  if (level === 1)
    return (
      <Button {...link} size="small" color="inherit" startIcon={<EventIcon fontSize="small" />}>
        {SCRIM_TEXTS.addToCalendar}
      </Button>
    );
  return (
    <IconButton {...link} size="small" aria-label={SCRIM_TEXTS.addToCalendar} title={SCRIM_TEXTS.addToCalendar}>
      <EventIcon fontSize="small" />
    </IconButton>
  );
}
