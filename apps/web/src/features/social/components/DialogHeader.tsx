import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { DialogCloseButton } from '../../../components/DialogCloseButton';

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
      <DialogCloseButton onClose={onClose} />
    </>
  );
}
