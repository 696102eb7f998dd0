import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { SCRIM_TEXTS, type ScrimPlayer } from '@scrim-gym/shared';
import type { ScrimView } from './scrim-view-context';

const SubstituteDialog = lazy(() => import('./SubstituteDialog').then((m) => ({ default: m.SubstituteDialog })));

/** A player slot's "Substitute" for those who run the scrim, once it has started and until its result. */
export function SubstituteButton({ view, player }: { view: ScrimView; player: ScrimPlayer }) {
  const [open, setOpen] = useState(false);
  const { scrim, timing, over, busy } = view;
  if (timing === 'upcoming' || over || !view.rel.can.substitute) return null;
  const label = SCRIM_TEXTS.showUp.substitutePlayer(player._user.name);
  return (
    <>
      <IconButton size="small" aria-label={label} title={label} disabled={busy} onClick={() => setOpen(true)}>
        <SwapHorizIcon fontSize="small" />
      </IconButton>
      {open && (
        <Suspense>
          <SubstituteDialog scrim={scrim} out={player._user} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
