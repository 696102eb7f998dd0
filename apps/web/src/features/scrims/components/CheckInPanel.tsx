import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SCRIM_TEXTS } from '@scrim-gym/shared';
import { useCheckIn } from '../api/scrim-actions';
import { useNowAt } from '../hooks/useNow';
import { playersOf } from '../lib/scrim-view';
import { checkInPhase, isCheckedIn, isOver } from '../lib/show-up';
import { Countdown } from './Countdown';
import { PlayerName } from './PlayerName';
import { formatTime } from '../../../lib/datetime';
import type { ScrimView } from './scrim-view-context';

const T = SCRIM_TEXTS.showUp.checkIn;

/** `/scrims/:id?checkin=1` (a check-in notification's link) brings the Check in button to the viewer. */
export const CHECK_IN_PARAM = 'checkin';

/**
 * The scrim page's check-in, for its players and those who run it, while check-in is on: before the
 * window "Check-in opens at …"; during it "Check in" with a countdown to the close, then "Checked in ✓"; after it,
 * who is confirmed. It switches on time without a reload. `folded` (after the start, below the teams): only its
 * header shows, and opens the rest.
 */
export function CheckInPanel({ view, folded = false }: { view: ScrimView; folded?: boolean }) {
  const { scrim, rel, userId, busy } = view;
  const checkIn = useCheckIn();
  const titleId = useId();
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const [params] = useSearchParams();
  const sectionRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const checkInTimes = scrim.checkIn;
  const opens = checkInTimes ? new Date(checkInTimes.opensAt).getTime() : 0;
  const closes = checkInTimes ? new Date(checkInTimes.closesAt).getTime() : 0;
  const now = useNowAt(checkInTimes ? [opens, closes] : []);
  const shown = Boolean(checkInTimes) && !isOver(scrim) && Boolean(rel.player || rel.can.substitute);
  const phase = checkInTimes ? checkInPhase(checkInTimes, now) : 'closed';
  const mine = Boolean(rel.player && userId && isCheckedIn(scrim, userId));
  const canCheckIn = shown && Boolean(rel.player) && phase === 'open' && !mine;
  const deepLinked = params.get(CHECK_IN_PARAM) === '1';

  // From a notification: the button, focused, when it is there; else the panel in view.
  useEffect(() => {
    if (!deepLinked || !shown) return;
    const target = canCheckIn ? buttonRef.current : sectionRef.current;
    target?.scrollIntoView?.({ block: 'center' });
    if (canCheckIn) buttonRef.current?.focus();
  }, [deepLinked, shown, canCheckIn]);

  if (!shown || !checkInTimes) return null;
  const players = playersOf(scrim);
  const confirmed = players.filter((p) => checkInTimes.checkedIn.includes(p._user._id));
  const opensAt = new Date(opens);

  return (
    <Paper
      component="section"
      ref={sectionRef}
      variant="outlined"
      aria-labelledby={titleId}
      sx={{
        p: { xs: 1.5, md: 2.5 },
        display: 'grid',
        gap: 1.25,
        borderColor: phase === 'open' && !mine && rel.player ? 'secondary.main' : 'rgba(10,200,185,0.35)',
        bgcolor: 'rgba(10,200,185,0.05)',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <HowToRegIcon aria-hidden sx={{ color: 'secondary.main' }} />
        <Typography id={titleId} variant="h6" component="h2" sx={{ fontWeight: 800 }}>
          {folded ? (
            <ButtonBase
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={() => setOpen(!open)}
              sx={{ font: 'inherit', gap: 0.5, borderRadius: 1 }}
            >
              {T.title}
              <ExpandMoreIcon aria-hidden sx={{ transform: open ? 'rotate(180deg)' : 'none' }} />
            </ButtonBase>
          ) : (
            T.title
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
          {T.confirmed(confirmed.length, players.length)}
        </Typography>
      </Box>
      <Box id={bodyId} sx={{ display: folded && !open ? 'none' : 'grid', gap: 1.25 }}>
        {phase === 'before' && (
          <Typography>
            {T.opensAt(formatTime(opensAt))}{' '}
            <Typography component="span" color="text.secondary">
              {T.explain}
            </Typography>
          </Typography>
        )}
        {phase === 'open' && rel.player && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            {mine ? (
              <Typography role="status" sx={{ fontWeight: 800, color: 'success.main', fontSize: '1.1rem' }}>
                {T.checkedIn}
              </Typography>
            ) : (
              <Button
                ref={buttonRef}
                variant="contained"
                color="secondary"
                size="large"
                disabled={busy}
                onClick={() => checkIn.mutate({ scrimId: scrim._id })}
                sx={{ minWidth: { xs: '100%', sm: 200 }, fontWeight: 800 }}
              >
                {T.checkIn}
              </Button>
            )}
            <Typography variant="body2" color="text.secondary">
              {T.closesIn} <Countdown target={closes} compact />
            </Typography>
          </Box>
        )}
        {phase === 'open' && !rel.player && (
          <Typography variant="body2" color="text.secondary">
            {T.closesIn} <Countdown target={closes} compact />
          </Typography>
        )}
        {phase === 'closed' && (
          <>
            <Typography>{mine ? T.checkedIn : T.closed}</Typography>
            {confirmed.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {T.nobody}
              </Typography>
            ) : (
              <Box
                component="ul"
                aria-label={T.confirmed(confirmed.length, players.length)}
                sx={{
                  listStyle: 'none',
                  p: 0,
                  m: 0,
                  display: 'grid',
                  gap: 0.5,
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
                }}
              >
                {confirmed.map((p) => (
                  <Box component="li" key={p._user._id} sx={{ minWidth: 0 }}>
                    <PlayerName user={p._user} />
                  </Box>
                ))}
              </Box>
            )}
          </>
        )}
      </Box>
    </Paper>
  );
}
