import EditIcon from '@mui/icons-material/Edit';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import ShareIcon from '@mui/icons-material/Share';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { SCRIM_MESSAGES, emptySlots } from '@scrim-gym/shared';
import { useAlert } from '../../alerts/alert-context';
import { useFillRandom } from '../api/scrim-actions';
import { useCopy } from '../hooks/useCopy';
import { scrimEditPath, scrimPath } from '../lib/paths';
import { playersOf, scrimTitle } from '../lib/scrim-view';
import { isOver } from '../lib/show-up';
import { SCRIM_TEXTS } from '../texts';
import { AddToCalendarButton } from './AddToCalendarButton';
import { CancelScrimAction } from './CancelScrimAction';
import type { ScrimView } from './scrim-view-context';
import { ScrimStatusChip } from './ScrimStatus';

const AdminAssignDialog = lazy(() => import('./AdminAssignDialog').then((m) => ({ default: m.AdminAssignDialog })));
// The social feature's chunk (loaded by the navigation bar for every signed-in user anyway).
const ScrimChatButton = lazy(() => import('../../social/lazy').then((m) => ({ default: m.ScrimChatButton })));

/** An icon button named by its label, which is also its hover hint (no Tooltip: Popper weighs ~10 KB). */
function Action({
  title,
  children,
  ...props
}: {
  title: string;
  children: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  to?: string;
}) {
  return (
    <IconButton
      aria-label={title}
      title={title}
      size="small"
      {...(props.to ? { component: RouterLink, to: props.to } : {})}
      onClick={props.onClick}
      disabled={props.disabled}
    >
      {children}
    </IconButton>
  );
}

/**
 * Title (a link in the hub), region and Private chips, share, and the edit, assign and fill tools of who runs the
 * scrim (an admin, its community host).
 */
export function ScrimCardHeader({ view, linkTitle }: { view: ScrimView; linkTitle: boolean }) {
  const { scrim, rel, busy, level } = view;
  const copy = useCopy();
  const showAlert = useAlert();
  const fillRandom = useFillRandom();
  const [assignOpen, setAssignOpen] = useState(false);
  const title = scrimTitle(scrim);
  // The scrim chat rule (ARCHITECTURE.md): its players, casters and admins; anyone signed in when it is public.
  const canChat = rel.isAdmin || Boolean(rel.player) || rel.isCaster || !scrim.isPrivate;

  const fill = () => {
    const free = emptySlots(playersOf(scrim).map((p) => ({ team: p.team.name, role: p.role })));
    if (free.length === 0) return showAlert({ type: 'Info', message: SCRIM_MESSAGES.noEmptyPositions });
    fillRandom.mutate({ scrimId: scrim._id });
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', flexGrow: 1, minWidth: 0 }}>
        <Typography
          variant={level === 1 ? 'h4' : 'h6'}
          component={level === 1 ? 'h1' : 'h3'}
          sx={{ fontWeight: 800, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {linkTitle ? (
            <Link component={RouterLink} to={scrimPath(scrim._id)} color="inherit" underline="hover">
              {title}
            </Link>
          ) : (
            title
          )}
        </Typography>
        <Chip size="small" label={scrim.region} variant="outlined" color="secondary" />
        {scrim.isPrivate && <Chip size="small" label={SCRIM_TEXTS.private} variant="outlined" color="warning" />}
        {scrim.abandonedAt && <Chip size="small" label={SCRIM_TEXTS.abandoned} variant="outlined" />}
        <ScrimStatusChip view={view} />
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        <Action
          title={SCRIM_TEXTS.share}
          onClick={() => void copy(`${window.location.origin}${scrimPath(scrim._id)}`, SCRIM_MESSAGES.copiedLink)}
        >
          <ShareIcon fontSize="small" />
        </Action>
        <AddToCalendarButton view={view} />
        {canChat && (
          <Suspense>
            <ScrimChatButton scrimId={scrim._id} title={title} />
          </Suspense>
        )}
        {rel.runs && (
          <>
            <Action title={SCRIM_TEXTS.edit} to={scrimEditPath(scrim._id)}>
              <EditIcon fontSize="small" />
            </Action>
            {/* A balanced scrim's players come from its sign-ups, and an ended scrim takes nobody: no slot tools. */}
            {scrim.mode !== 'balanced' && !isOver(scrim) && (
              <>
                <Action title={SCRIM_TEXTS.assign} onClick={() => setAssignOpen(true)}>
                  <PersonAddIcon fontSize="small" />
                </Action>
                <Action title={SCRIM_TEXTS.fillRandom} onClick={fill} disabled={busy}>
                  <ShuffleIcon fontSize="small" />
                </Action>
              </>
            )}
          </>
        )}
        <CancelScrimAction view={view} />
      </Box>
      {assignOpen && (
        <Suspense>
          <AdminAssignDialog scrim={scrim} open={assignOpen} onClose={() => setAssignOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
