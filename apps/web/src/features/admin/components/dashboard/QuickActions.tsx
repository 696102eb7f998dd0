import AddCircleIcon from '@mui/icons-material/AddCircle';
import CachedIcon from '@mui/icons-material/Cached';
import GavelIcon from '@mui/icons-material/Gavel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { ADMIN_TEXTS as T } from '../../texts';
import { BANS_PATH } from './BanManagementPanel';
import { Panel } from './Panel';

/** Quick actions: Create Scrim, Ban History, Clear Cache (reloads the page). */
export function QuickActions() {
  return (
    <Panel title={T.quickActions}>
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Button variant="contained" startIcon={<AddCircleIcon />} component={RouterLink} to="/scrims/new">
          {T.createScrim}
        </Button>
        <Button variant="outlined" startIcon={<GavelIcon />} component={RouterLink} to={BANS_PATH}>
          {T.banHistory}
        </Button>
        <Button variant="outlined" startIcon={<CachedIcon />} onClick={() => window.location.reload()}>
          {T.clearCache}
        </Button>
      </Box>
    </Panel>
  );
}
