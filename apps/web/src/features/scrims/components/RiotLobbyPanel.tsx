import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { SCRIM_TEXTS, type RiotLobby, type Scrim } from '@scrim-gym/shared';
import { formatTime } from '../../../lib/datetime';

const T = SCRIM_TEXTS.riotLobby;

/**
 * Who is in Riot's lobby now (the server's lobby guard, live with the scrim): "Riot lobby: 8/10 in", each player
 * in or not yet, and the people in it the server could not name. Riot's lobby events carry no side, so the players
 * are listed without one.
 */
export function RiotLobbyPanel({ scrim, lobby }: { scrim: Pick<Scrim, 'teamOne' | 'teamTwo'>; lobby: RiotLobby }) {
  const titleId = useId();
  const names = new Map([...scrim.teamOne, ...scrim.teamTwo].map((p) => [p._user._id, p._user.name]));
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="riot-lobby-panel"
      sx={{ p: { xs: 1.5, md: 2 }, display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 800 }} aria-live="polite">
          {T.title(lobby.count, lobby.players.length)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {T.checkedAt(formatTime(lobby.checkedAt))}
        </Typography>
      </Box>
      <Box
        component="ul"
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' },
          gap: 0.75,
        }}
      >
        {lobby.players.map(({ userId, state }) => (
          <Box
            component="li"
            key={userId}
            data-state={state}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
          >
            {state === 'in' ? (
              <CheckCircleIcon fontSize="small" color="success" aria-hidden />
            ) : (
              <HourglassEmptyIcon fontSize="small" color="disabled" aria-hidden />
            )}
            <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
              {names.get(userId) ?? '?'}
            </Typography>
            <Typography
              variant="caption"
              sx={{ color: state === 'in' ? 'success.main' : 'text.secondary', fontWeight: 700, flexShrink: 0 }}
            >
              {state === 'in' ? T.in : T.missing}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {lobby.unknown > 0 && <strong>{T.unknown(lobby.unknown)} · </strong>}
        {T.noSide}
      </Typography>
    </Paper>
  );
}
