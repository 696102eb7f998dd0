import CloudOffIcon from '@mui/icons-material/CloudOff';
import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import { MESSAGES } from '@scrim-gym/shared';
import { StatusPage } from './StatusPage';

/**
 * /server-error: shown while the server is down. Retry reloads the page; the layout's server check then
 * sends the user home once the server answers again.
 */
export function ServerErrorPage() {
  return (
    <StatusPage mark={<CloudOffIcon />} title={MESSAGES.serverError} text={MESSAGES.serverErrorText}>
      <Button variant="contained" size="large" startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>
        Retry
      </Button>
    </StatusPage>
  );
}
