import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ROLE_PREFERENCES, SCRIM_TEXTS, type RolePreference, type Scrim } from '@scrim-gym/shared';
import { useCurrentUser } from '../../auth/api/session';
import { useSignUp, useWithdraw } from '../api/scrim-actions';
import { useTicker } from '../hooks/useTicker';
import { signupState } from '../lib/balance';
import { PlayerName } from './PlayerName';
import { formatWhen } from '../../../lib/datetime';
import { panelRowSx, ScrimPanel } from './ScrimPanel';
import { WithdrawDialog } from './WithdrawDialog';
import type { ScrimView } from './scrim-view-context';

const T = SCRIM_TEXTS.signups;

/** The roles of the viewer's settings (Fill when signed out). */
function settingsRoles(user: { primaryRole: RolePreference; secondaryRole: RolePreference } | null): {
  primaryRole: RolePreference;
  secondaryRole: RolePreference;
} {
  return { primaryRole: user?.primaryRole ?? 'Fill', secondaryRole: user?.secondaryRole ?? 'Fill' };
}

/**
 * A balanced scrim's sign-ups: who is in (name, verified badge, rating, roles), the lock time, and Sign up (with
 * the roles, defaulting to the viewer's settings) or Withdraw.
 */
export function SignupPanel({ view }: { view: ScrimView }) {
  const { scrim, userId, busy, level } = view;
  const { user } = useCurrentUser();
  const now = useTicker(30_000);
  const state = signupState(scrim, userId, now);
  const [roles, setRoles] = useState(() => settingsRoles(user));
  const signUp = useSignUp();
  const withdraw = useWithdraw();
  const headingId = `${scrim._id}-signups`;
  const lock = formatWhen(state.lockTime);
  const made = scrim.teamOne.length + scrim.teamTwo.length > 0;
  // Once the teams are made they show every player: the sign-up list folds away (it stays one click away).
  const [listOpen, setListOpen] = useState(false);
  const showList = !made || listOpen;
  // A withdrawal that costs something (the server's late-leave line, or a seat in made teams) is confirmed first.
  const late = now >= new Date(scrim.lateLeaveFrom).getTime();
  const [confirming, setConfirming] = useState(false);

  return (
    <ScrimPanel
      headingId={headingId}
      title={T.title}
      level={level}
      accent="teal"
      gap={1.5}
      heading={
        <>
          <Chip size="small" label={T.count(scrim.signups.length)} color={state.full ? 'success' : 'default'} />
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            {state.open ? (
              <>
                {T.locksAt}{' '}
                <Box
                  component="time"
                  dateTime={state.lockTime.toISOString()}
                  sx={{ color: 'text.primary', fontWeight: 600 }}
                >
                  {lock}
                </Box>
              </>
            ) : (
              T.locked
            )}
          </Typography>
        </>
      }
    >
      <Typography variant="body2" color="text.secondary">
        {made ? T.made : state.full ? T.full : T.explain}
      </Typography>
      {made && scrim.signups.length > 0 && (
        <Button
          size="small"
          onClick={() => setListOpen((open) => !open)}
          aria-expanded={listOpen}
          sx={{ justifySelf: 'start' }}
        >
          {listOpen ? T.hideList : T.showList(scrim.signups.length)}
        </Button>
      )}
      {scrim.signups.length === 0 ? (
        <Typography variant="body2">{T.empty}</Typography>
      ) : (
        showList && (
          <Box
            component="ol"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 0.75,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {scrim.signups.map((signup) => (
              <SignupRow key={signup._user._id} signup={signup} mine={signup._user._id === userId} />
            ))}
          </Box>
        )
      )}
      {state.canSignUp && view.rel.can.takeSlot && (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          {(['primaryRole', 'secondaryRole'] as const).map((key) => (
            <TextField
              key={key}
              select
              size="small"
              id={`${scrim._id}-${key}`}
              label={key === 'primaryRole' ? T.primary : T.secondary}
              value={roles[key]}
              onChange={(e) => setRoles((r) => ({ ...r, [key]: e.target.value as RolePreference }))}
              sx={{ minWidth: 150 }}
            >
              {ROLE_PREFERENCES.map((role) => (
                <MenuItem key={role} value={role}>
                  {role}
                </MenuItem>
              ))}
            </TextField>
          ))}
          <Button
            variant="contained"
            color="secondary"
            disabled={busy}
            onClick={() => signUp.mutate({ scrimId: scrim._id, ...roles })}
          >
            {T.signUp}
          </Button>
        </Box>
      )}
      {state.canWithdraw && (
        <Box>
          <Button
            variant="outlined"
            color="warning"
            disabled={busy}
            onClick={() => (late || made ? setConfirming(true) : withdraw.mutate({ scrimId: scrim._id }))}
          >
            {T.withdraw}
          </Button>
        </Box>
      )}
      {confirming && (
        <WithdrawDialog
          late={late}
          made={made}
          pending={withdraw.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() => withdraw.mutate({ scrimId: scrim._id }, { onSuccess: () => setConfirming(false) })}
        />
      )}
    </ScrimPanel>
  );
}

function SignupRow({ signup, mine }: { signup: Scrim['signups'][number]; mine: boolean }) {
  const user = signup._user;
  return (
    <Box component="li" sx={panelRowSx(mine)}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <PlayerName user={user} />
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {T.roles(signup.primaryRole, signup.secondaryRole)}
        </Typography>
      </Box>
      <Box sx={{ textAlign: 'right', flex: 'none' }}>
        <Typography variant="body2" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
          {T.rating(signup.rating.rating)}
        </Typography>
        {signup.rating.provisional && (
          <Typography variant="caption" color="text.secondary">
            {T.provisional}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
