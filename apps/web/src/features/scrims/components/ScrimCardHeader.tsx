import ShareIcon from '@mui/icons-material/Share';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { SCRIM_MESSAGES, SCRIM_TEXTS } from '@scrim-gym/shared';
import { useCopy } from '../../alerts/use-copy';
import { scrimPath } from '../lib/paths';
import { canOpenScrimChat, scrimTitle } from '../lib/scrim-view';
import { AddToCalendarButton } from './AddToCalendarButton';
import { HostToolbar } from './HostToolbar';
import type { ScrimView } from './scrim-view-context';
import { ScrimStatusChip } from './ScrimStatus';
import { SeriesMark } from './SeriesMark';

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
 * Title (a link in the hub), region and Private chips, share, calendar and chat, a series game's mark, then the host
 * tools.
 */
export function ScrimCardHeader({ view, linkTitle }: { view: ScrimView; linkTitle: boolean }) {
  const { scrim, rel, level } = view;
  const copy = useCopy();
  const title = scrimTitle(scrim);
  const canChat = canOpenScrimChat(scrim, rel);

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
            <ScrimChatButton scrimId={scrim._id} title={title} onScrimPage={level === 1} />
          </Suspense>
        )}
      </Box>
      {scrim.series && <SeriesMark series={scrim.series} />}
      <HostToolbar view={view} />
    </Box>
  );
}
