import Box from '@mui/material/Box';
import { backgroundUrl } from '../lib/art';

/**
 * The profile owner's background image behind the page, blurred by their choice ('Summoners Rift', 20).
 * It spans the whole page, footer included (absolute in the app layout, which is positioned), not the viewport:
 * a fixed layer left a flat band below the first screen wherever the page is seen whole.
 */
export function ProfileBackground({ image, blur }: { image: string; blur: string }) {
  const pixels = Number(blur) || 0;
  return (
    <Box aria-hidden sx={{ position: 'absolute', inset: 0, zIndex: -1, overflow: 'hidden', pointerEvents: 'none' }}>
      <Box
        component="img"
        src={backgroundUrl(image)}
        alt=""
        data-testid="profile-background"
        sx={{
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          filter: `blur(${pixels}px)`,
          // Blur fades the edges: scaling up keeps them off screen.
          transform: `scale(${1 + pixels / 200})`,
        }}
      />
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          background: 'linear-gradient(180deg, rgba(10,20,40,0.55), rgba(10,20,40,0.85))',
        }}
      />
    </Box>
  );
}
