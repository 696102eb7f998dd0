import Typography from '@mui/material/Typography';
import { SCRIM_TEXTS } from '@scrim-gym/shared';
import { playersOf } from '../lib/scrim-view';
import { BalanceRow } from './BalanceRow';
import { CentreInfoBox } from './CentreInfoBox';
import type { ScrimView } from './scrim-view-context';
import { ShowUpRows } from './ShowUpRows';
import { SignupPanel } from './SignupPanel';
import { TeamList } from './TeamList';

/**
 * A card's expanded part: the sign-ups of a balanced scrim, the balance, Team One (Blue Side), the centre info box,
 * Team Two (Red Side), the substitutions and the waitlist. A chunk of its own: the hub loads it when a card is first
 * expanded (ScrimCard), the scrim page with its own code.
 */
export function ScrimCardBody({ view }: { view: ScrimView }) {
  const { scrim } = view;
  return (
    <>
      {scrim.mode === 'balanced' && <SignupPanel view={view} />}
      <BalanceRow view={view} />
      <TeamList view={view} team="teamOne" />
      <CentreInfoBox view={view} />
      <TeamList view={view} team="teamTwo" />
      <ShowUpRows view={view} />
      {view.rel.can.swapPlayers && !view.over && playersOf(scrim).length > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
          {SCRIM_TEXTS.dragHint}
        </Typography>
      )}
    </>
  );
}
