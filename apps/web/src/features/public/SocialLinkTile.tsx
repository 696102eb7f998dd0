import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { NEW_TAB_HINT, type SocialLink, type SocialNetwork } from './landing.content';
import { SocialIcon } from './SocialIcon';
import { visuallyHidden } from './visually-hidden';

const BRAND: Record<SocialNetwork, string> = {
  twitch: '#a970ff',
  discord: '#8c9eff',
  x: '#f0e6d2',
};

/** A link to one of the community's channels, opened in a new tab. */
export function SocialLinkTile({ link }: { link: SocialLink }) {
  const brand = BRAND[link.network];
  return (
    <Box
      component="a"
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        p: 2.5,
        height: '100%',
        borderRadius: 3,
        color: 'text.primary',
        textDecoration: 'none',
        border: '1px solid rgba(182, 194, 214, 0.16)',
        background: 'rgba(15, 30, 54, 0.85)',
        transition: 'border-color 200ms ease, background-color 200ms ease, transform 200ms ease',
        '&:hover': { borderColor: brand, background: 'rgba(20, 38, 68, 0.95)', transform: 'translateY(-2px)' },
        '&:focus-visible': { outline: `3px solid ${brand}`, outlineOffset: 3 },
        '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:hover': { transform: 'none' } },
      }}
    >
      <Box
        sx={{
          display: 'grid',
          placeItems: 'center',
          flex: 'none',
          width: 52,
          height: 52,
          borderRadius: 2,
          color: brand,
          background: `${brand}1f`,
        }}
      >
        <SocialIcon network={link.network} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="span" sx={{ display: 'block', fontWeight: 700, fontSize: '1.1rem' }}>
          {link.label}
        </Typography>
        <Typography component="span" color="text.secondary" sx={{ display: 'block', fontSize: '0.95rem' }}>
          {link.description}
        </Typography>
        <Typography component="span" sx={{ display: 'block', fontSize: '0.85rem', color: brand, mt: 0.25 }}>
          {link.display}
        </Typography>
        <Box component="span" sx={visuallyHidden}>
          {` ${NEW_TAB_HINT}`}
        </Box>
      </Box>
    </Box>
  );
}
