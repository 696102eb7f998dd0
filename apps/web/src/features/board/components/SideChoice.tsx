import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { SERIES_TEXTS as T, type Series, type SeriesSide } from '@scrim-gym/shared';
import { messageOf } from '../../../lib/api';
import { formatTime } from '../../../lib/datetime';
import { useAlert } from '../../alerts/alert-context';
import { boardKeys } from '../api/board';
import { useChooseSide } from '../api/series';

type Game = Series['games'][number];

/** The time left until `dueAt`, ticking every second; 0 once it has passed (and the series is read again). */
function useTimeLeft(seriesId: string, dueAt: string) {
  const due = Date.parse(dueAt);
  const [now, setNow] = useState(() => Date.now());
  const queryClient = useQueryClient();
  const over = now >= due;
  useEffect(() => {
    if (over) {
      void queryClient.invalidateQueries({ queryKey: boardKeys.series(seriesId) });
      return;
    }
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [over, queryClient, seriesId]);
  return Math.max(0, due - now);
}

const minutesSeconds = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * A game whose side the loser of the previous game may still pick: its captains (the server's `can.chooseSide`)
 * pick blue or red until the due time, with a countdown; everyone else reads who picks until when.
 */
export function SideChoice({ series, game, teamName }: { series: Series; game: Game; teamName: string }) {
  const id = useId();
  const choice = game.sideChoice;
  const left = useTimeLeft(series._id, choice?.dueAt ?? game.startsAt);
  const choose = useChooseSide(series._id);
  const showAlert = useAlert();
  if (!choice || left === 0) return null;
  const until = formatTime(choice.dueAt);
  const mine = series.can.chooseSide && series.can.captainOf.includes(choice.teamId);
  if (!mine) {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.sideChoiceOf(teamName, until)}
      </Typography>
    );
  }
  const pick = (side: SeriesSide) =>
    choose.mutate(
      { n: game.number, side },
      { onSuccess: () => showAlert({ type: 'Success', message: T.sidePicked(T.sideNames[side]) }) },
    );
  return (
    <Box role="group" aria-labelledby={`${id}-title`} aria-describedby={`${id}-due`} sx={{ width: '100%' }}>
      <Typography id={`${id}-title`} sx={{ fontWeight: 700 }}>
        {T.pickSide(game.number)}
      </Typography>
      <Typography id={`${id}-due`} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.pickSideUntil(until, minutesSeconds(left))}
      </Typography>
      {choose.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {messageOf(choose.error, T.failedAction)}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" color="info" disabled={choose.isPending} onClick={() => pick('blue')}>
          {T.playBlue}
        </Button>
        {/* Dark text on red: white on the theme's red reads at about 3:1. */}
        <Button
          variant="contained"
          color="error"
          disabled={choose.isPending}
          onClick={() => pick('red')}
          sx={{ color: 'common.black' }}
        >
          {T.playRed}
        </Button>
      </Stack>
    </Box>
  );
}
