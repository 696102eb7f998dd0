import EditIcon from '@mui/icons-material/Edit';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { SCRIM_MESSAGES, emptySlots, SCRIM_TEXTS } from '@scrim-gym/shared';
import { useAlert } from '../../alerts/alert-context';
import { useFillRandom } from '../api/scrim-actions';
import { scrimEditPath } from '../lib/paths';
import { playersOf } from '../lib/scrim-view';
import { isOver } from '../lib/show-up';
import { CancelScrimAction } from './CancelScrimAction';
import type { ScrimView } from './scrim-view-context';

const AdminAssignDialog = lazy(() => import('./AdminAssignDialog').then((m) => ({ default: m.AdminAssignDialog })));

/**
 * The tools of who runs the scrim (an admin, its community host): edit, assign, fill and cancel, each with its word
 * next to its icon (an icon alone says little on a phone, where there is no hover hint), under a "Host tools" label.
 */
export function HostToolbar({ view }: { view: ScrimView }) {
  const { scrim, rel, busy } = view;
  const showAlert = useAlert();
  const fillRandom = useFillRandom();
  const [assignOpen, setAssignOpen] = useState(false);
  const { can } = rel;
  const slotTools = scrim.mode !== 'balanced' && !isOver(scrim);
  if (!can.edit && !(slotTools && (can.assignPlayers || can.fillRandom)) && !(can.cancel && !view.over)) return null;

  const fill = () => {
    const free = emptySlots(playersOf(scrim).map((p) => ({ team: p.team.name, role: p.role })));
    if (free.length === 0) return showAlert({ type: 'Info', message: SCRIM_MESSAGES.noEmptyPositions });
    fillRandom.mutate({ scrimId: scrim._id });
  };

  return (
    <Box
      role="group"
      aria-labelledby={`${scrim._id}-host-tools`}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap', flexBasis: '100%' }}
    >
      <Typography id={`${scrim._id}-host-tools`} variant="overline" color="text.secondary" sx={{ mr: 0.5 }}>
        {SCRIM_TEXTS.hostTools}
      </Typography>
      {can.edit && (
        <Button size="small" component={RouterLink} to={scrimEditPath(scrim._id)} startIcon={<EditIcon />}>
          {SCRIM_TEXTS.edit}
        </Button>
      )}
      {/* A balanced scrim's players come from its sign-ups, and an ended scrim takes nobody: no slot tools. */}
      {slotTools && can.assignPlayers && (
        <Button size="small" startIcon={<PersonAddIcon />} onClick={() => setAssignOpen(true)}>
          {SCRIM_TEXTS.assign}
        </Button>
      )}
      {slotTools && can.fillRandom && (
        <Button
          size="small"
          startIcon={<ShuffleIcon />}
          onClick={fill}
          disabled={busy}
          aria-label={SCRIM_TEXTS.fillRandom}
          title={SCRIM_TEXTS.fillRandom}
        >
          {SCRIM_TEXTS.fillRandomShort}
        </Button>
      )}
      <CancelScrimAction view={view} />
      {assignOpen && (
        <Suspense>
          <AdminAssignDialog scrim={scrim} open={assignOpen} onClose={() => setAssignOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
