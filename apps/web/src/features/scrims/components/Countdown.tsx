import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SCRIM_TEXTS } from '@scrim-gym/shared';
import { useTicker } from '../hooks/useTicker';
import { countdownParts, formatCountdown } from '../lib/scrim-view';

/** Days, hours, minutes and seconds to the start; zero leading units hidden. */
export function Countdown({ target, compact = false }: { target: number; compact?: boolean }) {
  const now = useTicker(1000);
  const left = target - now;
  if (compact) {
    return (
      <Box component="span" role="timer" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}>
        {formatCountdown(left)}
      </Box>
    );
  }
  return (
    <Box role="timer" aria-label={formatCountdown(left)} sx={{ display: 'flex', justifyContent: 'center', gap: 1.5 }}>
      {countdownParts(left).map(({ unit, value }) => (
        <Box key={unit} aria-hidden sx={{ textAlign: 'center', minWidth: 48 }}>
          <Typography
            component="span"
            sx={{
              display: 'block',
              fontSize: '1.75rem',
              fontWeight: 800,
              lineHeight: 1.1,
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {String(value).padStart(2, '0')}
          </Typography>
          <Typography component="span" variant="caption" color="text.secondary">
            {SCRIM_TEXTS.countdownUnits[unit]}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
