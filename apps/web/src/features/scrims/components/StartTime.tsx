import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTicker } from '../hooks/useTicker';
import { relativeTime } from '../lib/scrim-view';
import { SCRIM_TEXTS } from '../texts';

/** The browser's short zone name at that date ('EDT', 'GMT+2'). */
export function zoneName(date: Date): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value ?? ''
  );
}

/** 'Starts 05/01/2026 8:00 PM EDT · in 2 hours' (start time with time zone and relative time). */
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
          {dayjs(start).format('MM/DD/YYYY h:mm A')} {zoneName(start)}
        </Box>{' '}
        · {relativeTime(start.getTime(), now)}
      </Typography>
    </Box>
  );
}
