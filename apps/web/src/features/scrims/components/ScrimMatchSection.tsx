import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { MATCH_MESSAGES, type Scrim } from '@scrim-gym/shared';
import { useScrimMatch } from '../api/match';
import { useTimingNow } from '../hooks/useNow';
import { playersOf, teamsFull } from '../lib/scrim-view';
import { AttachMatchForm } from './AttachMatchForm';

/** The scoreboard (icons, rows, tabs) is a chunk of its own: only a played game with stats loads it. */
const Scoreboard = lazy(() => import('./scoreboard/Scoreboard').then((m) => ({ default: m.Scoreboard })));

/**
 * The scrim page's match stats, once the game has started (a future scrim asks nothing): the scoreboard
 * when Riot's game is in, else a quiet line (being fetched; unavailable; stats come with tournament codes when the
 * server has no Riot key). Nothing when no game is known on a server with a key, or when the request failed.
 * The socket's 'scrimMatch' refetches it, so it changes live.
 */
export function ScrimMatchSection({
  scrim,
  viewerId,
  level,
  isAdmin = false,
}: {
  scrim: Scrim;
  viewerId: string | null;
  level: number;
  /** An admin may attach a match by id to a played scrim without stats (on a server with a Riot key). */
  isAdmin?: boolean;
}) {
  const now = useTimingNow([scrim]);
  const started = now > new Date(scrim.gameStartTime).getTime();
  const { data } = useScrimMatch(scrim._id, { enabled: started });
  if (!started || !data) return null;
  if (data.status === 'ready' && data.match)
    return (
      <Suspense>
        <Scoreboard
          match={data.match}
          players={playersOf(scrim).map((player) => player._user)}
          region={scrim.region}
          viewerId={viewerId}
          level={level}
        />
      </Suspense>
    );
  const text =
    data.status === 'pending'
      ? MATCH_MESSAGES.statsPending
      : data.status === 'failed'
        ? MATCH_MESSAGES.statsUnavailable
        : data.riotConfigured
          ? null
          : MATCH_MESSAGES.statsComeWithCodes;
  const canAttach = isAdmin && data.riotConfigured && data.status !== 'pending' && teamsFull(scrim);
  return (
    <>
      {text && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ px: { xs: 0.5, md: 1 } }}>
          {text}
        </Typography>
      )}
      {canAttach && <AttachMatchForm scrimId={scrim._id} />}
    </>
  );
}
