import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SCRIM_TEXTS } from '@scrim-gym/shared';
import { formatWhen } from '../../../lib/datetime';
import { useTicker } from '../hooks/useTicker';
import { relativeTime } from '../lib/scrim-view';

/** 'Starts Sat 28 Nov, 19:00 CET · in 2 hours' (start time in the viewer's zone, named, and relative time). */
export function StartTime({ gameStartTime }: { gameStartTime: string }) {
  const start = new Date(gameStartTime);
  // Seconds matter around the start ('in 12 seconds', '5 seconds ago'); minutes elsewhere.
  const nearStart = Math.abs(start.getTime() - Date.now()) < 90_000;
  const now = useTicker(nearStart ? 1_000 : 30_000);
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75, color: 'text.secondary' }}>
      <ScheduleIcon fontSize="small" aria-hidden sx={{ flex: 'none', mt: '1px' }} />
      <Typography variant="body2" component="p" sx={{ minWidth: 0 }}>
        {SCRIM_TEXTS.startsAt}{' '}
        <Box component="time" dateTime={gameStartTime} sx={{ color: 'text.primary', fontWeight: 600 }}>
          {formatWhen(start)}
        </Box>{' '}
        · {relativeTime(start.getTime(), now)}
      </Typography>
    </Box>
  );
}
