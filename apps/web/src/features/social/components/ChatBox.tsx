import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import { useState, type KeyboardEvent } from 'react';
import { CHAT_INPUT_MAX_ROWS, MESSAGE_MAX_LENGTH, SOCIAL_MESSAGES, SOCIAL_TEXTS } from '@scrim-gym/shared';

/**
 * The chat message box: multi-line up to 4 rows, placeholder 'new message'; Enter sends, Shift+Enter
 * adds a newline, Enter on an empty box does nothing. The box is cleared at once and the text put back if the
 * send fails. `onEmpty` is the send button's answer to an empty box ('Start a new conversation' says why). A
 * message is at most MESSAGE_MAX_LENGTH characters (the server's limit too): the box takes no more, and a counter
 * shows how many are used once the limit is near.
 */
export function ChatBox({
  onSend,
  onEmpty,
  disabled = false,
  autoFocus = false,
}: {
  onSend: (text: string) => Promise<unknown> | void;
  onEmpty?: () => void;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');

  const send = () => {
    if (text.trim() === '') return false;
    const sent = text;
    setText('');
    void Promise.resolve(onSend(sent)).catch(() => setText((current) => current || sent));
    return true;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!disabled) send();
  };

  const nearLimit = text.length >= COUNTER_FROM * MESSAGE_MAX_LENGTH;
  return (
    <Box sx={{ p: 1, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
        <InputBase
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={SOCIAL_MESSAGES.messagePlaceholder}
          multiline
          maxRows={CHAT_INPUT_MAX_ROWS}
          autoFocus={autoFocus}
          inputProps={{ 'aria-label': SOCIAL_TEXTS.message, maxLength: MESSAGE_MAX_LENGTH }}
          sx={{ flexGrow: 1, px: 1.5, py: 1, borderRadius: 2, bgcolor: 'rgba(255,255,255,0.06)' }}
        />
        <IconButton
          aria-label={SOCIAL_TEXTS.send}
          color="primary"
          disabled={disabled}
          onClick={() => {
            if (!send()) onEmpty?.();
          }}
        >
          <SendIcon />
        </IconButton>
      </Box>
      {nearLimit && (
        <Typography
          variant="caption"
          component="p"
          role="status"
          aria-label={SOCIAL_TEXTS.charactersUsedLabel(text.length, MESSAGE_MAX_LENGTH)}
          color={text.length >= MESSAGE_MAX_LENGTH ? 'error' : 'text.secondary'}
          sx={{ textAlign: 'right', pr: 6 }}
        >
          {SOCIAL_TEXTS.charactersUsed(text.length, MESSAGE_MAX_LENGTH)}
        </Typography>
      )}
    </Box>
  );
}

/** The counter shows from this share of the limit on. */
const COUNTER_FROM = 0.9;
