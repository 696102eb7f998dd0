import MuiAlert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { ALERT_HIDE_MS } from '@scrim-gym/shared';
import { messageOf } from '../../lib/api';
import type { Alert } from './alert-context';

const SEVERITY = { Error: 'error', Success: 'success', Info: 'info' } as const;

/**
 * The alert snackbar: 6 seconds, three types, the catalogue's message rule. At the bottom centre at every width (the
 * spec's top centre covered the hub's filters: in the app bar on desktop, right under it on phones).
 */
export function AlertSnackbar({
  alert,
  open,
  onClose,
}: {
  alert: Alert & { key: number };
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Snackbar
      key={alert.key}
      open={open}
      autoHideDuration={ALERT_HIDE_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
    >
      <MuiAlert
        variant="filled"
        severity={SEVERITY[alert.type]}
        onClose={onClose}
        sx={{ width: '100%', whiteSpace: 'pre-line' }}
      >
        {messageOf(alert.message)}
      </MuiAlert>
    </Snackbar>
  );
}
