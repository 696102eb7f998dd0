import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fade from '@mui/material/Fade';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState, type ComponentType } from 'react';
import { getScrimTiming, openRoles, SCRIM_TEXTS, type Scrim } from '@scrim-gym/shared';
import { useConfirm } from '../../../components/ConfirmDialog';
import { useCurrentUser } from '../../auth/api/session';
import { useScrimBusy } from '../api/scrim-actions';
import { useTimingNow } from '../hooks/useNow';
import { usePromotionNotice } from '../hooks/usePromotionNotice';
import { LOBBY_THREE_COLUMNS_MIN_PX, SCRIM_LOBBY_CONTAINER } from '../lib/lobby-container';
import { occupancyOf, playersOf, relationOf } from '../lib/scrim-view';
import { isOver } from '../lib/show-up';
import { CastersRow } from './CastersRow';
import { Countdown } from './Countdown';
import { HostedBy } from './HostedBy';
import { ScrimCardHeader } from './ScrimCardHeader';
import { CancelledBanner } from './ScrimStatus';
import type { ScrimView } from './scrim-view-context';
import { StartTime } from './StartTime';
import { WinnerBanner } from './WinnerBanner';
import { WinProbability } from './WinProbability';

/** The spec's fade of the expanded part. */
export const EXPAND_FADE_MS = 400;

const loadBody = () => import('./ScrimCardBody');
/**
 * The hub's cards start collapsed: what an expanded card shows (teams, slots, the centre box, the waitlist…) is a
 * chunk of its own, loaded when a card is first expanded. The scrim page passes the body in instead.
 */
const LazyScrimCardBody = lazy(() => loadBody().then((m) => ({ default: m.ScrimCardBody })));
const preloadBody = () => void loadBody().catch(() => {});

/**
 * A scrim: collapsed in the hub with 'Show More' / 'Show less', always expanded on its own
 * page. Expanded: Team One (Blue Side), the centre info box, Team Two (Red Side).
 */
export function ScrimCard({
  scrim,
  alwaysExpanded = false,
  lobbyPinned = false,
  Body = LazyScrimCardBody,
}: {
  scrim: Scrim;
  alwaysExpanded?: boolean;
  /** The scrim page shows the lobby and the winner buttons in its pinned panel. */
  lobbyPinned?: boolean;
  /** The expanded part: the scrim page imports it with its own code and passes it in (nothing to wait for there). */
  Body?: ComponentType<{ view: ScrimView }>;
}) {
  const { user } = useCurrentUser();
  const [expandedByUser, setExpanded] = useState(false);
  const [confirm, confirmDialog] = useConfirm();
  const now = useTimingNow([scrim]);
  const busy = useScrimBusy(scrim._id);
  const contentId = useId();
  const expanded = alwaysExpanded || expandedByUser;
  const timing = getScrimTiming({ ...scrim, now });
  const view: ScrimView = {
    scrim,
    rel: relationOf(scrim, user),
    userId: user?._id ?? null,
    timing,
    // An abandoned or cancelled scrim is over too: no joins, no cast, no winner (the server refuses them).
    over: isOver(scrim),
    busy,
    confirm,
    level: alwaysExpanded ? 1 : 3,
    lobbyPinned,
  };
  usePromotionNotice(scrim, view.userId);

  return (
    <Paper
      component={alwaysExpanded ? 'div' : 'article'}
      variant="outlined"
      sx={{
        p: { xs: 2, md: 3 },
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 1.5,
        borderColor: 'rgba(200,170,110,0.25)',
        // Abandoned: greyed among the previous scrims (grayscale keeps the text's contrast, unlike opacity).
        ...(scrim.abandonedAt && { filter: 'grayscale(1)', borderColor: 'divider', bgcolor: 'rgba(255,255,255,0.02)' }),
      }}
      data-abandoned={scrim.abandonedAt ? 'true' : undefined}
    >
      <ScrimCardHeader view={view} linkTitle={!alwaysExpanded} />
      <CancelledBanner scrim={scrim} />
      <StartTime gameStartTime={scrim.gameStartTime} />
      <HostedBy scrim={scrim} />
      <CastersRow view={view} />
      {!expanded && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          {timing === 'upcoming' && !view.over ? (
            <Typography variant="body2">
              {SCRIM_TEXTS.gameStarting} <Countdown target={new Date(scrim.gameStartTime).getTime()} compact />
            </Typography>
          ) : (
            <WinnerBanner scrim={scrim} timing={timing} />
          )}
          <Typography variant="body2" color="text.secondary">
            {scrim.mode === 'balanced' && playersOf(scrim).length === 0
              ? SCRIM_TEXTS.signups.count(scrim.signups.length)
              : SCRIM_TEXTS.players(playersOf(scrim).length)}
          </Typography>
          {timing === 'upcoming' && !view.over && (
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="open-roles">
              {SCRIM_TEXTS.openRoles(openRoles(occupancyOf(scrim)))}
            </Typography>
          )}
          <WinProbability scrim={scrim} />
        </Box>
      )}
      <Fade in={expanded} timeout={EXPAND_FADE_MS} unmountOnExit>
        <Box
          id={contentId}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(240px, 300px) minmax(0, 1fr)' },
            [`@container ${SCRIM_LOBBY_CONTAINER} (max-width: ${LOBBY_THREE_COLUMNS_MIN_PX - 0.05}px)`]: {
              gridTemplateColumns: 'minmax(0, 1fr)',
            },
            alignItems: 'start',
            pt: 1,
          }}
        >
          <Suspense>
            <Body view={view} />
          </Suspense>
        </Box>
      </Fade>
      {!alwaysExpanded && (
        <Button
          onClick={() => setExpanded((open) => !open)}
          onPointerEnter={preloadBody}
          onFocus={preloadBody}
          aria-expanded={expanded}
          aria-controls={expanded ? contentId : undefined}
          endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          sx={{ justifySelf: 'center' }}
        >
          {expanded ? SCRIM_TEXTS.showLess : SCRIM_TEXTS.showMore}
        </Button>
      )}
      {confirmDialog}
    </Paper>
  );
}
