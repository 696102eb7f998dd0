import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { SCRIM_TEXTS } from '@scrim-gym/shared';
import { useConfirmPlace } from '../api/scrim-actions';
import { isOver, isPlaced } from '../lib/show-up';
import type { ScrimView } from './scrim-view-context';

const T = SCRIM_TEXTS.showUp.placed;

/**
 * The scrim page's notice for a viewer a host or admin put in (the scrim's `placed`): they did not choose it, may
 * leave at no cost, and "Confirm my place" takes it as their own (from then on a no-show counts).
 */
export function PlacedNotice({ view }: { view: ScrimView }) {
  const { scrim, userId, busy } = view;
  const confirmPlace = useConfirmPlace();
  const titleId = useId();
  if (!isPlaced(scrim, userId) || isOver(scrim)) return null;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{
        p: { xs: 1.5, md: 2.5 },
        display: 'grid',
        gap: 1,
        justifyItems: 'start',
        borderColor: 'secondary.main',
        bgcolor: 'rgba(10,200,185,0.05)',
      }}
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ fontWeight: 800 }}>
        {T.title}
      </Typography>
      <Typography>{T.explain}</Typography>
      <Button
        variant="contained"
        color="secondary"
        disabled={busy || confirmPlace.isPending}
        onClick={() => confirmPlace.mutate({ scrimId: scrim._id })}
        sx={{ fontWeight: 800 }}
      >
        {T.confirm}
      </Button>
    </Paper>
  );
}
