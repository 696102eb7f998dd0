import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { ReactNode } from 'react';

/** A figure of a row: the value, then its caption (or bar); `label` names it for screen readers. */
export function Stat({
  area,
  label,
  caption,
  children,
}: {
  area: string;
  label: string;
  caption: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ gridArea: area, minWidth: 0, textAlign: { xs: area === 'cs' ? 'left' : 'right', sm: 'right' } }}>
      <Typography
        component="span"
        variant="body2"
        sx={{ display: 'block', fontWeight: 700, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        <Box component="span" sx={visuallyHidden}>
          {label}:{' '}
        </Box>
        {children}
      </Typography>
      {typeof caption === 'string' ? (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        >
          {caption}
        </Typography>
      ) : (
        caption
      )}
    </Box>
  );
}
