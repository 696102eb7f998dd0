import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { MESSAGES, WAKING_UP_AFTER_MS } from '@scrim-gym/shared';

/** A centred spinner with a text; after 6 s the text becomes 'Waking up the server'. */
export function LoadingScreen({ text }: { text: string }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), WAKING_UP_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', gap: 2, py: 12, textAlign: 'center' }}>
      <CircularProgress aria-hidden />
      <Typography variant="h6" component="p">
        {slow ? MESSAGES.wakingUp : text}
      </Typography>
    </Box>
  );
}
