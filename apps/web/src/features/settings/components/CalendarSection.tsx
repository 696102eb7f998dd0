import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventIcon from '@mui/icons-material/Event';
import GoogleIcon from '@mui/icons-material/Google';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { CALENDAR_TEXTS as TEXTS } from '@scrim-gym/shared';
import { useConfirm } from '../../../components/ConfirmDialog';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useCopy } from '../../alerts/use-copy';
import { useCalendarFeed, useRotateCalendarFeed } from '../api/calendar';
import { googleCalendarUrl, webcalUrl } from '../lib/calendar-links';

/**
 * Settings' calendar feed: the personal address to subscribe to (read-only, with a copy button), one-click
 * subscriptions (`webcal://` for the device's calendar app, Google Calendar's add-by-URL), and "Reset address",
 * which makes a new one after a confirmation (the old one stops working at once).
 */
export function CalendarSection() {
  const id = useId();
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const showAlert = useAlert();
  const [confirm, confirmDialog] = useConfirm();
  const url = feed.data?.url;

  const copyText = useCopy();
  const copy = async () => {
    if (url) await copyText(url, TEXTS.copied);
  };
  const reset = async () => {
    const confirmed = await confirm({
      title: TEXTS.resetTitle,
      message: TEXTS.resetText,
      confirmLabel: TEXTS.reset,
      destructive: true,
    });
    if (!confirmed) return;
    rotate.mutate(undefined, {
      onSuccess: () => showAlert({ type: 'Success', message: TEXTS.resetDone }),
      onError: (error) => showAlert({ type: 'Error', message: messageOf(error) }),
    });
  };

  return (
    <Paper component="section" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2.5, sm: 4 }, mt: 3 }}>
      <Typography id={`${id}-title`} variant="h5" component="h2" gutterBottom>
        {TEXTS.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {TEXTS.explanation}
      </Typography>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {feed.isError ? (
          <Alert severity="error" sx={{ width: '100%' }}>
            {messageOf(feed.error)}
          </Alert>
        ) : (
          <TextField
            label={TEXTS.addressLabel}
            value={url ?? TEXTS.loading}
            fullWidth
            onFocus={(event) => event.target.select()}
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton aria-label={TEXTS.copy} title={TEXTS.copy} onClick={() => void copy()} disabled={!url}>
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
        {url && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignSelf: 'stretch' }}>
            <Button variant="contained" startIcon={<EventIcon />} href={webcalUrl(url)}>
              {TEXTS.subscribe}
            </Button>
            <Button
              variant="outlined"
              startIcon={<GoogleIcon />}
              href={googleCalendarUrl(url)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {TEXTS.google}
            </Button>
          </Stack>
        )}
        <Button variant="outlined" color="warning" onClick={() => void reset()} disabled={!url || rotate.isPending}>
          {TEXTS.reset}
        </Button>
      </Stack>
      {confirmDialog}
    </Paper>
  );
}
