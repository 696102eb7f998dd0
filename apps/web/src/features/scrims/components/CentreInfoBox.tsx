import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SCRIM_TEXTS } from '@scrim-gym/shared';
import { useGeneratingWindow } from '../hooks/useGeneratingWindow';
import { useTournamentCodes } from '../api/capabilities';
import { awaitsTournamentCode, centreState } from '../lib/scrim-view';
import { LobbySecretButton } from './CopyButton';
import { Countdown } from './Countdown';
import { PostGameImage } from './PostGameImage';
import { ReportedResult } from './ReportedResult';
import type { ScrimView } from './scrim-view-context';
import { TournamentCodeAdmin } from './TournamentCodeAdmin';
import { WinnerBanner } from './WinnerBanner';
import { WinnerButtons } from './WinnerButtons';

/** Between the two teams: countdown, or what the lobby needs, then the result tools. */
export function CentreInfoBox({ view }: { view: ScrimView }) {
  const { scrim, timing } = view;
  const codes = useTournamentCodes();
  const generating = useGeneratingWindow(awaitsTournamentCode(scrim, timing, codes.available));
  const centre = centreState(scrim, timing, { generating });
  // On the scrim page the lobby is in the pinned panel at the top, not repeated here.
  const lobbyShown = centre.kind === 'code' || centre.kind === 'generating' || centre.kind === 'lobby';
  const state = view.lobbyPinned && lobbyShown ? { kind: 'pinned' as const } : centre;

  return (
    <Stack
      spacing={2}
      sx={{
        alignSelf: 'center',
        textAlign: 'center',
        p: 2,
        borderRadius: 2,
        border: '1px solid rgba(200,170,110,0.25)',
        bgcolor: 'rgba(10,20,40,0.5)',
        minWidth: 0,
      }}
    >
      <WinnerBanner scrim={scrim} timing={timing} />
      <ReportedResult view={view} />
      {state.kind === 'countdown' && (
        <>
          <Typography sx={{ fontWeight: 700 }}>{SCRIM_TEXTS.gameStarting}</Typography>
          <Countdown target={new Date(scrim.gameStartTime).getTime()} />
        </>
      )}
      {state.kind === 'notEnough' && <Typography color="text.secondary">{state.text}</Typography>}
      {state.kind === 'generating' && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1 }}>
          <CircularProgress size={18} aria-hidden />
          <Typography>{SCRIM_TEXTS.generatingCode}</Typography>
        </Box>
      )}
      {state.kind === 'code' && (
        <Box>
          <Typography variant="overline" component="p" color="text.secondary">
            {SCRIM_TEXTS.tournamentCode}
          </Typography>
          <LobbySecretButton secret="code" value={state.code} size="medium" />
          <Box component="ol" sx={{ textAlign: 'left', color: 'text.secondary', fontSize: '0.85rem', pl: 2.5, mb: 0 }}>
            {SCRIM_TEXTS.codeSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </Box>
        </Box>
      )}
      {state.kind === 'lobby' && (
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'auto minmax(0, 1fr)',
            alignItems: 'center',
            columnGap: 1,
            textAlign: 'left',
          }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {SCRIM_TEXTS.lobbyName}
          </Typography>
          <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
            <LobbySecretButton secret="name" value={state.name} />
          </Box>
          <Typography component="dt" variant="body2" color="text.secondary">
            {SCRIM_TEXTS.lobbyPassword}
          </Typography>
          <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
            <LobbySecretButton secret="password" value={state.password} />
          </Box>
        </Box>
      )}
      {state.kind === 'hidden' && (
        <Typography variant="body2" color="text.secondary">
          {SCRIM_TEXTS.lobbyHidden}
        </Typography>
      )}
      <TournamentCodeAdmin view={view} />
      <WinnerButtons view={view} />
      <PostGameImage view={view} />
    </Stack>
  );
}
