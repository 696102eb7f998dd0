import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { EXP_OF_PART, SCRIM_TEXTS, type ScrimUser } from '@scrim-gym/shared';
import { useGameStatsChange } from '../api/game-stats';
import type { LobbyPanelState } from '../lib/lobby-panel';
import { resultStatusText } from '../lib/result';
import { isResultSettled, unsettledResultText } from '../lib/result-status';
import { CodePlayersNotice } from './CodePlayersNotice';
import { LobbySecretButton } from './CopyButton';
import type { ScrimView } from './scrim-view-context';
import { WinnerButtons } from './WinnerButtons';

const T = SCRIM_TEXTS.lobbyPanel;

const panelSx = {
  p: { xs: 1.5, md: 2.5 },
  display: 'grid',
  gap: 1.25,
  borderColor: 'primary.main',
  bgcolor: 'rgba(200,170,110,0.07)',
} as const;

const person = (user: Pick<ScrimUser, 'name' | 'summonerTagline'>) => `${user.name}#${user.summonerTagline}`;

/**
 * The scrim page's pinned panel: 'Lobby ready' with the lobby name, password and tournament code
 * (each copied with a click), who hosts and who is captain, and for the captain (and admins) the winner buttons;
 * after the result, the outcome and the viewer's EXP and level change.
 */
export function LobbyPanel({ view, state }: { view: ScrimView; state: LobbyPanelState }) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={panelSx} data-testid="lobby-panel">
      {state.kind === 'ready' ? (
        <ReadyPanel view={view} state={state} titleId={titleId} />
      ) : (
        <ResultPanel view={view} state={state} titleId={titleId} />
      )}
    </Paper>
  );
}

function ReadyPanel({
  view,
  state,
  titleId,
}: {
  view: ScrimView;
  state: Extract<LobbyPanelState, { kind: 'ready' }>;
  titleId: string;
}) {
  const { scrim } = view;
  const host = scrim.createdBy;
  const captain = scrim.lobbyHost;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 800, color: 'primary.main' }}>
          {T.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {host && (
            <>
              {T.hostedBy} <strong>{host.name}</strong>
              {' · '}
            </>
          )}
          {T.captain}: <strong>{captain ? (state.isCaptain ? T.you : person(captain)) : T.noCaptain}</strong>
        </Typography>
      </Box>
      {state.isCaptain && (
        <Typography sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontWeight: 700 }}>
          <StarIcon fontSize="small" sx={{ color: 'primary.main' }} aria-hidden />
          {T.captainYou}
        </Typography>
      )}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          alignItems: 'center',
          columnGap: 1.5,
          rowGap: 0.25,
        }}
      >
        <Entry label={SCRIM_TEXTS.lobbyName}>
          <LobbySecretButton secret="name" value={state.name} />
        </Entry>
        <Entry label={SCRIM_TEXTS.lobbyPassword}>
          <LobbySecretButton secret="password" value={state.password} />
        </Entry>
        {state.code ? (
          <Entry label={SCRIM_TEXTS.tournamentCode}>
            <LobbySecretButton secret="code" value={state.code} />
          </Entry>
        ) : (
          state.codePending && (
            <Entry label={SCRIM_TEXTS.tournamentCode}>
              <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1 }}>
                <CircularProgress size={14} aria-hidden />
                <Typography variant="body2">{SCRIM_TEXTS.generatingCode}</Typography>
              </Box>
            </Entry>
          )
        )}
      </Box>
      {state.code && (
        <Box component="ol" sx={{ m: 0, pl: 2.5, color: 'text.secondary', fontSize: '0.85rem' }}>
          {SCRIM_TEXTS.codeSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </Box>
      )}
      {state.code && <CodePlayersNotice view={view} />}
      {state.canReport && <WinnerButtons view={view} inPanel />}
    </>
  );
}

function Entry({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Box>
    </>
  );
}

function ResultPanel({
  view,
  state,
  titleId,
}: {
  view: ScrimView;
  state: Extract<LobbyPanelState, { kind: 'result' }>;
  titleId: string;
}) {
  // A captain's report waiting for the other team (or disputed) is not an outcome yet: its state, not Victory.
  const settled = isResultSettled(view.scrim);
  // The profile's stats count confirmed results only: the change is asked for once this one counts.
  const change = useGameStatsChange({
    scrimId: view.scrim._id,
    userId: view.userId,
    part: state.part,
    enabled: state.recent && settled,
  });
  return (
    <>
      <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 800, color: 'primary.main' }}>
        {T.resultTitle}
      </Typography>
      <Typography sx={{ fontWeight: 800, fontSize: { xs: '1.1rem', md: '1.3rem' } }}>
        {unsettledResultText(view.scrim) ?? T.winner(state.winner)}
      </Typography>
      {!settled && (
        <Typography role="status" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {resultStatusText(view.scrim)}
        </Typography>
      )}
      {settled && state.part && (
        <Box
          role="status"
          sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}
        >
          <Typography sx={{ fontWeight: 700 }} data-testid="game-outcome">
            {T.outcome[state.part]}
          </Typography>
          {/* The EXP of a part is fixed; the level is the profile's own figure. */}
          <Typography sx={{ fontWeight: 700, color: 'secondary.main' }} data-testid="exp-change">
            {T.exp(EXP_OF_PART[state.part])}
          </Typography>
          {state.recent && change.data && (
            <Typography color="text.secondary" data-testid="level-line">
              {T.level(change.data.after.userLevel, change.data.after.expProgress, change.data.after.expNeeded)}
            </Typography>
          )}
          {state.recent && change.data?.levelUp && (
            <Typography sx={{ fontWeight: 700, color: 'primary.main' }}>
              {T.levelUp(change.data.before.userLevel, change.data.after.userLevel)}
            </Typography>
          )}
        </Box>
      )}
    </>
  );
}
