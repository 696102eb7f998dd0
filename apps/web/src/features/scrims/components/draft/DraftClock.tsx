import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DRAFT_TEXTS, type DraftState } from '@scrim-gym/shared';
import { useTicker } from '../../hooks/useTicker';
import { draftSideColor, secondsLeft } from '../../lib/draft-view';

/** How often the clock reads the time: often enough that the second shown changes on time. */
const TICK_MS = 250;

/**
 * Whose turn it is and the seconds left, counted from the server's `endsAt` (so a reload or a reconnect shows the
 * exact time left); before the start and after the end, what the draft waits for or that it is over.
 */
export function DraftClock({
  draft,
  yourTurn = false,
  size = 'normal',
}: {
  draft: DraftState;
  yourTurn?: boolean;
  size?: 'normal' | 'large';
}) {
  const running = draft.status === 'running' && draft.turn !== undefined;
  const now = useTicker(TICK_MS, running);
  const large = size === 'large';
  if (!running || !draft.turn) {
    const text =
      draft.status === 'done'
        ? DRAFT_TEXTS.done
        : draft.status === 'reset'
          ? DRAFT_TEXTS.wasReset
          : DRAFT_TEXTS.waiting;
    return (
      <Typography
        role="status"
        variant={large ? 'h5' : 'body2'}
        color={large ? undefined : 'text.secondary'}
        sx={{ textAlign: 'center', fontWeight: large ? 800 : 400 }}
      >
        {text}
      </Typography>
    );
  }
  const { side, action } = draft.turn;
  const left = secondsLeft(draft.turn.endsAt, now);
  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 0.25, textAlign: 'center' }}>
      {/* The turn is announced when it changes; the timer's every second is not. */}
      <Typography
        role="status"
        variant={large ? 'h5' : 'subtitle2'}
        sx={{ fontWeight: 800, color: draftSideColor(side) }}
      >
        {DRAFT_TEXTS.turn(DRAFT_TEXTS.sides[side], action)}
        {yourTurn && ` · ${DRAFT_TEXTS.yourTurn}`}
      </Typography>
      <Box
        role="timer"
        aria-label={DRAFT_TEXTS.secondsLeft(left)}
        sx={{
          fontSize: large ? '4rem' : '2rem',
          fontWeight: 800,
          lineHeight: 1,
          fontVariantNumeric: 'tabular-nums',
          color: left <= 5 ? 'error.main' : 'text.primary',
        }}
      >
        {left}
      </Box>
    </Box>
  );
}
