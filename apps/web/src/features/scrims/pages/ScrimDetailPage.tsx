import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { SCRIM_MESSAGES, type Scrim } from '@scrim-gym/shared';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { ApiError } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useTournamentCodes } from '../api/capabilities';
import { useScrim } from '../api/scrim';
import { CheckInPanel } from '../components/CheckInPanel';
import { useNowAt } from '../hooks/useNow';
import { LobbyPanel } from '../components/LobbyPanel';
import { PlacedNotice } from '../components/PlacedNotice';
import { RiotLobbyPanel } from '../components/RiotLobbyPanel';
import { ScrimCard } from '../components/ScrimCard';
import { ScrimCardBody } from '../components/ScrimCardBody';
import { ScrimMatchSection } from '../components/ScrimMatchSection';
import { useLobbyPanel } from '../hooks/useLobbyPanel';
import { watchScrims } from '../hooks/scrim-live';
import { useScrimSocket } from '../hooks/useScrimSocket';
import { SCRIM_LOBBY_CONTAINER } from '../lib/lobby-container';
import { canOpenScrimChat, scrimTitle } from '../lib/scrim-view';

/** This page imports the socket code with its own (the hub's lazy.ts has it too): no dynamic import of it. */
const loadLive = () => Promise.resolve({ watchScrims });

/** The draft room is a chunk of its own: only a scrim with a draft loads it. */
const DraftSection = lazy(() => import('../components/draft/DraftSection').then((m) => ({ default: m.DraftSection })));

// The social feature's chunk (loaded by the navigation bar for every signed-in user anyway).
const ScrimChatPanel = lazy(() => import('../../social/lazy').then((m) => ({ default: m.ScrimChatPanel })));

/** A missing scrim (404, or an id that cannot be one: 400) versus any other lookup failure. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** /scrims/:id: the card always expanded, live, titled after the scrim. */
export function ScrimDetailPage() {
  const { id = '' } = useParams();
  const query = useScrim(id);
  const showAlert = useAlert();
  useScrimSocket({ scrimId: id }, loadLive);
  // Whether this server makes tournament codes (the lobby panel needs it): asked with the scrim, not after it.
  useTournamentCodes();

  const title = query.data ? scrimTitle(query.data) : null;
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  const error = query.isError ? query.error : null;
  useEffect(() => {
    if (error)
      showAlert({ type: 'Error', message: isMissing(error) ? SCRIM_MESSAGES.notFound : SCRIM_MESSAGES.lookupError });
  }, [error, showAlert]);

  if (error) return <Navigate to="/scrims" replace />;
  if (!query.data) return <LoadingScreen text={SCRIM_MESSAGES.loading} />;
  return <ScrimPageBody scrim={query.data} />;
}

/**
 * The pinned lobby panel (participants and admins) above the card, always expanded; the game's match
 * stats below it once it has started. The scrim chat, when open on a wide window, is a column on the right
 * and the lobby column narrows (its layout follows the column's width: SCRIM_LOBBY_CONTAINER).
 */
function ScrimPageBody({ scrim }: { scrim: Scrim }) {
  const { view, state, confirmDialog } = useLobbyPanel(scrim);
  const start = new Date(scrim.gameStartTime).getTime();
  // Once the game is on, the teams matter more than who checked in: the check-in folds away below them.
  const started = useNowAt([start]) >= start;
  return (
    <Box sx={{ display: 'flex' }}>
      <Container
        maxWidth="lg"
        sx={{
          flex: '1 1 0',
          minWidth: 0,
          containerType: 'inline-size',
          containerName: SCRIM_LOBBY_CONTAINER,
          py: { xs: 2, md: 4 },
          display: 'grid',
          alignContent: 'start',
          gap: { xs: 1.5, md: 2 },
        }}
      >
        {state && <LobbyPanel view={view} state={state} />}
        {scrim.riotLobby && !scrim.teamWon && <RiotLobbyPanel scrim={scrim} lobby={scrim.riotLobby} />}
        <PlacedNotice view={view} />
        {!started && <CheckInPanel view={view} />}
        <ScrimCard scrim={scrim} alwaysExpanded lobbyPinned={view.lobbyPinned} Body={ScrimCardBody} />
        {started && <CheckInPanel view={view} folded />}
        {scrim.draft !== 'none' && (
          <Suspense>
            <DraftSection scrim={scrim} rel={view.rel} userId={view.userId} level={1} />
          </Suspense>
        )}
        <ScrimMatchSection scrim={scrim} viewerId={view.userId} level={1} isAdmin={view.rel.isAdmin} />
        {confirmDialog}
      </Container>
      {canOpenScrimChat(scrim, view.rel) && (
        <Suspense>
          <ScrimChatPanel scrimId={scrim._id} title={scrimTitle(scrim)} />
        </Suspense>
      )}
    </Box>
  );
}
