import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';

export interface ConfirmRequest {
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  /** A red confirm button (deleting, kicking). */
  destructive?: boolean;
}

/** The app's one confirmation dialog (no window.confirm): Cancel or the confirm button. */
export function ConfirmDialog({
  open,
  request,
  onClose,
}: {
  open: boolean;
  request: ConfirmRequest | null;
  onClose: (confirmed: boolean) => void;
}) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={() => onClose(false)}
      aria-labelledby={`${id}-title`}
      aria-describedby={request?.message ? `${id}-text` : undefined}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{request?.title}</DialogTitle>
      {request?.message && (
        <DialogContent>
          <DialogContentText id={`${id}-text`}>{request.message}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={() => onClose(false)}>Cancel</Button>
        <Button
          variant="contained"
          color={request?.destructive ? 'error' : 'primary'}
          onClick={() => onClose(true)}
          autoFocus
        >
          {request?.confirmLabel ?? 'Confirm'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * `const [confirm, dialog] = useConfirm()`; render `dialog`, then `if (await confirm({ title })) …`.
 */
export function useConfirm(): [(request: ConfirmRequest) => Promise<boolean>, ReactNode] {
  const [state, setState] = useState<{ request: ConfirmRequest; open: boolean } | null>(null);
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);
  const confirm = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setState({ request, open: true });
      }),
    [],
  );
  const onClose = (confirmed: boolean) => {
    resolver.current?.(confirmed);
    resolver.current = null;
    setState((current) => current && { ...current, open: false });
  };
  return [
    confirm,
    <ConfirmDialog key="confirm" open={Boolean(state?.open)} request={state?.request ?? null} onClose={onClose} />,
  ];
}
