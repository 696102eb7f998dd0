import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { SOCIAL_MESSAGES, SOCIAL_TEXTS } from '@scrim-gym/shared';

const SHOWN_MS = 15_000;

/** The scrim start notification in the page: '{title} is starting now!' with a button to its scrim page. */
export function ScrimStartSnackbar({
  scrim,
  onOpen,
  onClose,
}: {
  scrim: { scrimId: string; title: string } | null;
  onOpen: (scrimId: string) => void;
  onClose: () => void;
}) {
  return (
    <Snackbar
      open={Boolean(scrim)}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      autoHideDuration={SHOWN_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={scrim ? SOCIAL_MESSAGES.scrimStartingNotification(scrim.title) : ''}
      action={
        <Button
          color="primary"
          size="small"
          onClick={() => {
            if (scrim) onOpen(scrim.scrimId);
            onClose();
          }}
        >
          {SOCIAL_TEXTS.openScrim}
        </Button>
      }
    />
  );
}
