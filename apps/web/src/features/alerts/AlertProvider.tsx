import MuiAlert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useCallback, useState, type ReactNode } from 'react';
import { ALERT_HIDE_MS } from '@scrim-gym/shared';
import { messageOf } from '../../lib/api';
import { AlertContext, type Alert } from './alert-context';

const SEVERITY = { Error: 'error', Success: 'success', Info: 'info' } as const;

export function AlertProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Alert & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((alert: Alert) => {
    setCurrent({ ...alert, key: Date.now() });
    setOpen(true);
  }, []);

  return (
    <AlertContext.Provider value={show}>
      {children}
      <Snackbar
        key={current?.key}
        open={open}
        autoHideDuration={ALERT_HIDE_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        onClose={(_event, reason) => reason !== 'clickaway' && setOpen(false)}
      >
        <MuiAlert
          variant="filled"
          severity={SEVERITY[current?.type ?? 'Info']}
          onClose={() => setOpen(false)}
          sx={{ width: '100%', whiteSpace: 'pre-line' }}
        >
          {messageOf(current?.message)}
        </MuiAlert>
      </Snackbar>
    </AlertContext.Provider>
  );
}
