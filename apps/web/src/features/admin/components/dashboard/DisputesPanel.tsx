import { formatWhen } from '../../../../lib/datetime';
import GavelIcon from '@mui/icons-material/Gavel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { RESULT_MESSAGES, teamDisplayName, type ResultDispute } from '@scrim-gym/shared';
import { Panel } from './Panel';
import { ResolveDisputeDialog } from './ResolveDisputeDialog';

/**
 * The admins' queue of disputed results, oldest first: each links to its scrim, and its Resolve action answers
 * it (keep the report, give the other team the win, or no result, with a reason the players are told).
 */
export function DisputesPanel({ disputes, loading }: { disputes: ResultDispute[]; loading: boolean }) {
  const [resolving, setResolving] = useState<ResultDispute | null>(null);
  return (
    <Panel
      title={RESULT_MESSAGES.disputesTitle}
      actions={<Chip size="small" color={disputes.length ? 'warning' : 'default'} label={disputes.length} />}
    >
      {loading && <LinearProgress aria-label={RESULT_MESSAGES.disputesTitle} />}
      {!loading && disputes.length === 0 && (
        <Typography color="text.secondary">{RESULT_MESSAGES.noDisputes}</Typography>
      )}
      {disputes.length > 0 && (
        <List dense disablePadding>
          {disputes.map((dispute) => (
            <ListItem
              key={dispute.id}
              disablePadding
              sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'center', gap: 1, pb: 1 }}
            >
              <ListItemButton
                component={RouterLink}
                to={`/scrims/${dispute.scrimId}`}
                sx={{ borderRadius: 1, flex: '1 1 16rem', minWidth: 0 }}
              >
                <ListItemIcon sx={{ minWidth: 40, color: 'warning.main' }}>
                  <GavelIcon />
                </ListItemIcon>
                <ListItemText
                  primary={dispute.scrimTitle}
                  secondary={[
                    dispute.teamWon && teamDisplayName(dispute.teamWon),
                    dispute.reporter && RESULT_MESSAGES.reportedByShort(dispute.reporter.name),
                    dispute.disputer && RESULT_MESSAGES.disputeBy(dispute.disputer.name),
                    `“${dispute.reason}”`,
                    formatWhen(dispute.createdAt),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  slotProps={{
                    primary: { sx: { fontWeight: 700 }, noWrap: true },
                    secondary: { sx: { overflowWrap: 'anywhere' } },
                  }}
                />
              </ListItemButton>
              <Box sx={{ flex: 'none', ml: { xs: 5, sm: 0 } }}>
                <Button
                  variant="contained"
                  color="warning"
                  size="small"
                  aria-label={`${RESULT_MESSAGES.resolve}: ${dispute.scrimTitle}`}
                  onClick={() => setResolving(dispute)}
                >
                  {RESULT_MESSAGES.resolve}
                </Button>
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      {resolving && <ResolveDisputeDialog dispute={resolving} onClose={() => setResolving(null)} />}
    </Panel>
  );
}
