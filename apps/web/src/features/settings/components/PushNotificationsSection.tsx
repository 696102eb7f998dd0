import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { PUSH_TEXTS as TEXTS } from '@scrim-gym/shared';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { usePushDevice, type PushDeviceState } from '../hooks/usePushDevice';
import { pushErrorText } from '../lib/push-error';

const STATUS: Record<Exclude<PushDeviceState, 'blocked' | 'unsupported'>, string> = {
  checking: TEXTS.checking,
  on: TEXTS.on,
  off: TEXTS.off,
};

/**
 * Settings' "Notifications on this device" (Web Push): whether this browser gets pushes, and "Turn on" (asks the
 * permission, subscribes) or "Turn off". A browser that blocks notifications or cannot receive them says so, and
 * how to change it.
 */
export function PushNotificationsSection() {
  const id = useId();
  const { state, turnOn, turnOff, busy } = usePushDevice();
  const showAlert = useAlert();

  const onTurnOn = () =>
    turnOn.mutate(undefined, {
      onSuccess: (outcome) => {
        if (outcome === 'on') showAlert({ type: 'Success', message: TEXTS.turnedOn });
        if (outcome === 'dismissed') showAlert({ type: 'Info', message: TEXTS.dismissed });
      },
      onError: (error) => showAlert({ type: 'Error', message: pushErrorText(error) }),
    });
  const onTurnOff = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => showAlert({ type: 'Success', message: TEXTS.turnedOff }),
      onError: (error) => showAlert({ type: 'Error', message: messageOf(error, TEXTS.turnOffFailed) }),
    });

  return (
    <Paper component="section" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2.5, sm: 4 }, mt: 3 }}>
      <Typography id={`${id}-title`} variant="h5" component="h2" gutterBottom>
        {TEXTS.title}
      </Typography>
      <Stack spacing={2}>
        <Typography color="text.secondary">{TEXTS.explanation}</Typography>
        {state === 'unsupported' || state === 'blocked' ? (
          <Alert severity={state === 'blocked' ? 'warning' : 'info'} variant="outlined">
            {state === 'blocked' ? TEXTS.blocked : TEXTS.unsupported}
          </Alert>
        ) : (
          <>
            <Typography role="status" sx={{ fontWeight: 600 }}>
              {STATUS[state]}
            </Typography>
            <Box>
              {state === 'on' ? (
                <Button variant="outlined" disabled={busy} onClick={onTurnOff}>
                  {TEXTS.turnOff}
                </Button>
              ) : (
                <Button variant="contained" disabled={busy || state === 'checking'} onClick={onTurnOn}>
                  {TEXTS.turnOn}
                </Button>
              )}
            </Box>
          </>
        )}
      </Stack>
    </Paper>
  );
}
