import Box from '@mui/material/Box';
import type { Presence } from '@scrim-gym/shared';
import { presenceText } from '../lib/format';

/** The online dot: green when online, grey otherwise. Decorative: the text beside it says the same. */
export function PresenceDot({ presence }: { presence: Presence | undefined }) {
  const text = presenceText(presence);
  return (
    <Box
      component="span"
      aria-hidden
      title={text ?? undefined}
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: presence?.isOnline ? 'success.main' : 'grey.600',
        border: 2,
        borderColor: 'background.paper',
      }}
    />
  );
}
