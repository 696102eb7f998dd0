import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { SCRIM_TEXTS } from '@scrim-gym/shared';
import type { ScrimView } from './scrim-view-context';

// The dialog (and the shared schema it checks the reason with, which brings zod) loads on the first click: the
// hub's cards stay without them.
const LeaveSlotDialog = lazy(() => import('./LeaveSlotDialog').then((m) => ({ default: m.LeaveSlotDialog })));

/**
 * The viewer's own slot's "Leave": a small dialog with an optional reason (shown to the host), warning that
 * leaving less than 2 hours before the start counts against their reliability.
 */
export function LeaveSlotButton({ view }: { view: ScrimView }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        color="warning"
        disabled={view.busy}
        onClick={() => setOpen(true)}
        aria-label={SCRIM_TEXTS.leaveSlot}
      >
        {SCRIM_TEXTS.leave}
      </Button>
      {open && (
        <Suspense>
          <LeaveSlotDialog view={view} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
