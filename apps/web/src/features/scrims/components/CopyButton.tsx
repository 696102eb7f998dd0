import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { SCRIM_MESSAGES, SCRIM_TEXTS } from '@scrim-gym/shared';
import { useCopy } from '../../alerts/use-copy';

/** A value shown as a button that copies it, confirmed with the catalogue's clipboard message. */
export function CopyButton({
  value,
  message,
  label,
  sx,
  size = 'small',
  wrap = false,
}: {
  value: string;
  message: string;
  /** Accessible name, when the value alone does not say what is copied. */
  label?: string;
  sx?: SxProps<Theme>;
  size?: 'small' | 'medium' | 'large';
  /** Long values wrap onto more lines instead of being cut with an ellipsis (the lobby panel). */
  wrap?: boolean;
}) {
  const copy = useCopy();
  return (
    <Button
      size={size}
      color="inherit"
      aria-label={label}
      endIcon={<ContentCopyIcon fontSize="inherit" />}
      onClick={() => void copy(value, message)}
      sx={[
        {
          textTransform: 'none',
          fontWeight: 600,
          minWidth: 0,
          maxWidth: '100%',
          justifyContent: 'flex-start',
          '& .MuiButton-endIcon': { ml: 0.5 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <span
        style={
          wrap
            ? { overflowWrap: 'anywhere', whiteSpace: 'normal', textAlign: 'left' }
            : { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }
        }
      >
        {value}
      </span>
    </Button>
  );
}

/** How each lobby secret is named, confirmed and shown (the Lobby ready panel and the card's centre box). */
const LOBBY_SECRETS = {
  name: { label: SCRIM_TEXTS.lobbyName, message: SCRIM_MESSAGES.copiedLobbyName, sx: undefined },
  password: {
    label: SCRIM_TEXTS.lobbyPassword,
    message: SCRIM_MESSAGES.copiedPassword,
    sx: { fontFamily: 'monospace' },
  },
  code: {
    label: SCRIM_TEXTS.tournamentCode,
    message: SCRIM_MESSAGES.copiedCode,
    sx: { fontFamily: 'monospace', color: 'primary.main' },
  },
} satisfies Record<string, { label: string; message: string; sx: SxProps<Theme> | undefined }>;

/** The lobby name, password or tournament code as a copy button that wraps long values. */
export function LobbySecretButton({
  secret,
  value,
  size,
}: {
  secret: keyof typeof LOBBY_SECRETS;
  value: string;
  size?: 'small' | 'medium';
}) {
  const { label, message, sx } = LOBBY_SECRETS[secret];
  return <CopyButton value={value} message={message} label={`${label} ${value}`} sx={sx} size={size} wrap />;
}
