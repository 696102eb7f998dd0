import BalanceIcon from '@mui/icons-material/Balance';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SCRIM_TEXTS } from '@scrim-gym/shared';
import { useBalanceTeams } from '../api/scrim-actions';
import { useTicker } from '../hooks/useTicker';
import { canBalance } from '../lib/balance';
import type { ScrimView } from './scrim-view-context';
import { WinProbability } from './WinProbability';

/** Above the teams: the win probability of a full scrim, and an admin's "Balance teams" before the start. */
export function BalanceRow({ view }: { view: ScrimView }) {
  const { scrim, rel, busy, confirm } = view;
  const balance = useBalanceTeams();
  const now = useTicker(30_000);
  const offered = rel.can.balance && canBalance(scrim, now);
  if (!scrim.balance && !offered) return null;
  const run = async () => {
    const ok = await confirm({
      title: SCRIM_TEXTS.balanceTitle,
      message: SCRIM_TEXTS.balanceWarning,
      confirmLabel: SCRIM_TEXTS.balanceTeams,
    });
    if (ok) balance.mutate({ scrimId: scrim._id });
  };
  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <WinProbability scrim={scrim} />
      {offered && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<BalanceIcon />}
          disabled={busy}
          onClick={() => void run()}
          sx={{ ml: 'auto' }}
        >
          {SCRIM_TEXTS.balanceTeams}
        </Button>
      )}
    </Box>
  );
}
