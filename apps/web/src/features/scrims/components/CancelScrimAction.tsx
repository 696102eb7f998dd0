import EventBusyIcon from '@mui/icons-material/EventBusy';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { SCRIM_TEXTS } from '@scrim-gym/shared';
import type { ScrimView } from './scrim-view-context';

const CancelScrimDialog = lazy(() => import('./CancelScrimDialog').then((m) => ({ default: m.CancelScrimDialog })));

/** The host tools' "Cancel scrim", for those who run it, until it is over (cancelled, abandoned or won). */
export function CancelScrimAction({ view }: { view: ScrimView }) {
  const [open, setOpen] = useState(false);
  if (view.over || !view.rel.can.cancel) return null;
  const label = SCRIM_TEXTS.showUp.cancelScrim;
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<EventBusyIcon fontSize="small" />}
        disabled={view.busy}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      {open && (
        <Suspense>
          <CancelScrimDialog scrimId={view.scrim._id} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
