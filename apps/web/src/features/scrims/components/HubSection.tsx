import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Scrim } from '@scrim-gym/shared';
import { ScrimCard } from './ScrimCard';

/** One hub section: a heading with its count, then the collapsed cards (or the placeholder text). */
export function HubSection({ title, scrims, placeholder }: { title: string; scrims: Scrim[]; placeholder?: string }) {
  const id = useId();
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
    >
      <Typography id={id} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        {title}{' '}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500 }}>
          ({scrims.length})
        </Box>
      </Typography>
      {scrims.length === 0 && placeholder && <Typography color="text.secondary">{placeholder}</Typography>}
      {scrims.map((scrim) => (
        <ScrimCard key={scrim._id} scrim={scrim} />
      ))}
    </Box>
  );
}
