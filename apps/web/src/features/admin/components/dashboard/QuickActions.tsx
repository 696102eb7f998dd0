import AddCircleIcon from '@mui/icons-material/AddCircle';
import CachedIcon from '@mui/icons-material/Cached';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import GavelIcon from '@mui/icons-material/Gavel';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { RESULT_MESSAGES, ADMIN_TEXTS as T } from '@scrim-gym/shared';
import { useConfirm } from '../../../../components/ConfirmDialog';
import { messageOf } from '../../../../lib/api';
import { useAlert } from '../../../alerts/alert-context';
import { useStartSeason } from '../../api/results';
import { BANS_PATH } from './BanManagementPanel';
import { Panel } from './Panel';

/**
 * Quick actions: Create Scrim, Ban History, Community Hosts, Start new season (confirmed first), Clear Cache
 * (reloads the page).
 */
export function QuickActions() {
  const [confirm, confirmDialog] = useConfirm();
  const startSeason = useStartSeason();
  const showAlert = useAlert();
  const newSeason = async () => {
    if (!(await confirm({ title: RESULT_MESSAGES.newSeason, message: RESULT_MESSAGES.newSeasonConfirm }))) return;
    startSeason.mutate(undefined, {
      onSuccess: (season) => showAlert({ type: 'Success', message: RESULT_MESSAGES.newSeasonStarted(season.name) }),
      onError: (error) => showAlert({ type: 'Error', message: messageOf(error) }),
    });
  };
  return (
    <Panel title={T.quickActions}>
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Button variant="contained" startIcon={<AddCircleIcon />} component={RouterLink} to="/scrims/new">
          {T.createScrim}
        </Button>
        <Button variant="outlined" startIcon={<GavelIcon />} component={RouterLink} to={BANS_PATH}>
          {T.banHistory}
        </Button>
        <Button variant="outlined" startIcon={<HowToRegIcon />} component={RouterLink} to="/admin/hosts">
          {T.communityHosts}
        </Button>
        <Button
          variant="outlined"
          startIcon={<EmojiEventsIcon />}
          disabled={startSeason.isPending}
          onClick={() => void newSeason()}
        >
          {RESULT_MESSAGES.newSeason}
        </Button>
        <Button variant="outlined" startIcon={<CachedIcon />} onClick={() => window.location.reload()}>
          {T.clearCache}
        </Button>
      </Box>
      {confirmDialog}
    </Panel>
  );
}
