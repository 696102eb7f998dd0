import Box from '@mui/material/Box';
import { SCRIM_TEXTS, type ScrimTiming, type Scrim } from '@scrim-gym/shared';
import { isResultSettled } from '../lib/result-status';
import { bannerText } from '../lib/scrim-view';
import { TEAM_COLORS } from '../lib/team-colors';

/**
 * WAITING FOR PLAYERS / TEAMS NOT FULL / GAME READY once started; then '… WON!' in the winner's colour, or, while
 * the winner is not confirmed, 'RESULT PENDING: …' / 'RESULT DISPUTED: …' in the neutral gold.
 */
export function WinnerBanner({ scrim, timing }: { scrim: Scrim; timing: ScrimTiming }) {
  const text = bannerText(scrim, timing);
  if (!text) return null;
  const color =
    scrim.teamWon && isResultSettled(scrim)
      ? TEAM_COLORS[scrim.teamWon]
      : text === SCRIM_TEXTS.banner.ready
        ? '#3ecf8e'
        : text === SCRIM_TEXTS.banner.abandoned
          ? '#a9b1bc'
          : '#c8aa6e';
  return (
    <Box
      role="status"
      sx={{
        px: 2,
        py: 0.75,
        borderRadius: 1.5,
        textAlign: 'center',
        fontWeight: 800,
        letterSpacing: 1,
        color,
        border: `1px solid ${color}80`,
        bgcolor: `${color}14`,
      }}
    >
      {text}
    </Box>
  );
}
