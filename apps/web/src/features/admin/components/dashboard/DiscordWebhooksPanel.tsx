import { formatWhen } from '../../../../lib/datetime';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { discordWebhookUrlSchema, ADMIN_TEXTS, type DiscordWebhook } from '@scrim-gym/shared';
import { messageOf } from '../../../../lib/api';
import { useAlert } from '../../../alerts/alert-context';
import { useDiscordWebhooks, useSetDiscordWebhook, useTestDiscordWebhook } from '../../api/discord';
import { Panel } from './Panel';

const T = ADMIN_TEXTS.discord;

/** One region: its current webhook (masked), a field for a new URL (checked here with the server's schema), Save and Remove. */
function WebhookRow({ webhook }: { webhook: DiscordWebhook }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSetDiscordWebhook();
  const test = useTestDiscordWebhook();
  const showAlert = useAlert();
  const { region, maskedUrl, lastDelivery } = webhook;
  const busy = save.isPending || test.isPending;

  const sendTest = () =>
    test.mutate(region, {
      onSuccess: ({ lastDelivery: delivery }) =>
        showAlert(
          delivery?.ok
            ? { type: 'Success', message: T.testSent(region) }
            : { type: 'Error', message: T.testFailed(region, delivery?.status ?? '') },
        ),
      onError: (failure) => showAlert({ type: 'Error', message: messageOf(failure, T.saveFailed) }),
    });

  const send = (next: string | null) =>
    save.mutate(
      { region, url: next },
      {
        onSuccess: () => {
          setUrl('');
          showAlert({ type: 'Success', message: next === null ? T.removed(region) : T.saved(region) });
        },
        onError: (failure) => {
          const message = messageOf(failure, T.saveFailed);
          if (next !== null) setError(message);
          showAlert({ type: 'Error', message });
        },
      },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = discordWebhookUrlSchema.safeParse(url);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? T.badUrl);
    setError(null);
    send(parsed.data);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={region}
      sx={{
        display: 'grid',
        gap: 1,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '80px minmax(0, 1fr) auto' },
      }}
    >
      <Box sx={{ pt: { md: 1 } }}>
        <Typography sx={{ fontWeight: 700 }}>{region}</Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {maskedUrl ? T.current(maskedUrl) : T.notSet}
        </Typography>
        {maskedUrl && (
          <Typography
            variant="body2"
            color={lastDelivery && !lastDelivery.ok ? 'error' : 'text.secondary'}
            data-testid={`discord-last-delivery-${region}`}
          >
            {lastDelivery
              ? T.lastDelivery(lastDelivery.ok, lastDelivery.status, formatWhen(lastDelivery.at))
              : T.neverDelivered}
          </Typography>
        )}
        <TextField
          size="small"
          label={T.urlLabel(region)}
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? ' '}
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, inputMode: 'url' } }}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, pt: { md: 3.5 } }}>
        <Button type="submit" variant="contained" disabled={busy || url.trim() === ''}>
          {T.save}
        </Button>
        {maskedUrl && (
          <Button variant="outlined" disabled={busy} onClick={sendTest} aria-label={`${T.sendTest} (${region})`}>
            {T.sendTest}
          </Button>
        )}
        <Button
          variant="outlined"
          color="error"
          disabled={busy || !maskedUrl}
          onClick={() => send(null)}
          aria-label={`${T.remove} ${region}`}
        >
          {T.remove}
        </Button>
      </Box>
    </Box>
  );
}

/** Discord announcements: each region's webhook, for admins (the server decides who may, and checks each URL). */
export function DiscordWebhooksPanel() {
  const webhooks = useDiscordWebhooks();
  return (
    <Panel title={T.sectionTitle}>
      <Typography variant="body2" color="text.secondary">
        {T.sectionHelp}
      </Typography>
      {webhooks.isPending && <LinearProgress aria-label={T.sectionTitle} />}
      {webhooks.isError && (
        <Typography role="alert" color="error">
          {T.loadFailed}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
        {webhooks.data?.map((webhook) => (
          <WebhookRow key={webhook.region} webhook={webhook} />
        ))}
      </Box>
    </Panel>
  );
}
