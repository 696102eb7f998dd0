import Box from '@mui/material/Box';
import { useState } from 'react';

/**
 * A Data Dragon icon (champion, item, spell, keystone) of `size` px, named `label` for screen readers and the
 * tooltip. Without a URL (an id the app has no table entry for, Data Dragon not known yet) or when the image
 * fails to load: a dark tile with the label's first letters instead, never a broken image.
 */
export function GameIcon({
  src,
  label,
  size,
  round = false,
}: {
  src: string | null;
  label: string;
  size: number;
  round?: boolean;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const shape = {
    width: size,
    height: size,
    flex: 'none',
    borderRadius: round ? '50%' : 0.5,
    bgcolor: 'rgba(1,10,19,0.8)',
    border: '1px solid rgba(200,170,110,0.3)',
  } as const;
  if (!src || broken === src)
    return (
      <Box
        component="span"
        role="img"
        aria-label={label}
        title={label}
        sx={{
          ...shape,
          display: 'inline-grid',
          placeItems: 'center',
          overflow: 'hidden',
          fontSize: Math.max(8, Math.round(size * 0.36)),
          fontWeight: 700,
          color: 'text.secondary',
          lineHeight: 1,
        }}
      >
        {label.replace(/[^A-Za-z0-9]/g, '').slice(0, 2)}
      </Box>
    );
  return (
    <Box
      component="img"
      src={src}
      alt={label}
      title={label}
      width={size}
      height={size}
      loading="lazy"
      onError={() => setBroken(src)}
      sx={{ ...shape, display: 'block', objectFit: 'cover' }}
    />
  );
}

/** An empty item slot: the tile alone, nothing to read. */
export function EmptySlot({ size }: { size: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        width: size,
        height: size,
        flex: 'none',
        display: 'inline-block',
        borderRadius: 0.5,
        bgcolor: 'rgba(1,10,19,0.5)',
        border: '1px solid rgba(200,170,110,0.15)',
      }}
    />
  );
}
