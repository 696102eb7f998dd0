import CloseIcon from '@mui/icons-material/Close';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { SOCIAL_TEXTS } from '../texts';

/** A social dialog's title (the dialog's accessible name, by `id`) with its close button. */
export function DialogHeader({
  id,
  title,
  onClose,
  dense = false,
}: {
  id: string;
  title: ReactNode;
  onClose: () => void;
  /** Less space below: a subtitle follows. */
  dense?: boolean;
}) {
  return (
    <>
      <DialogTitle id={id} sx={{ pr: 7, pb: dense ? 0.5 : 2, overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <IconButton aria-label={SOCIAL_TEXTS.close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
    </>
  );
}
