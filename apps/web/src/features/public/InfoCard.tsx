import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import GroupsIcon from '@mui/icons-material/Groups';
import SchoolIcon from '@mui/icons-material/School';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { InfoCardContent, InfoCardId } from './landing.content';

const ICONS: Record<InfoCardId, ReactNode> = {
  events: <EmojiEventsIcon fontSize="large" />,
  community: <GroupsIcon fontSize="large" />,
  coaching: <SchoolIcon fontSize="large" />,
};

const ACCENTS: Record<InfoCardId, string> = {
  events: '#c8aa6e',
  community: '#0ac8b9',
  coaching: '#5bb5f0',
};

/** One of the landing page's three info cards. */
export function InfoCard({ card }: { card: InfoCardContent }) {
  const accent = ACCENTS[card.id];
  return (
    <Box
      component="article"
      aria-labelledby={`info-card-${card.id}`}
      sx={{
        position: 'relative',
        height: '100%',
        p: { xs: 3, md: 4 },
        borderRadius: 3,
        border: '1px solid rgba(200, 170, 110, 0.18)',
        background: 'linear-gradient(180deg, rgba(20, 38, 68, 0.95) 0%, rgba(15, 30, 54, 0.95) 100%)',
        overflow: 'hidden',
        transition: 'transform 200ms ease, border-color 200ms ease, box-shadow 200ms ease',
        '&::before': {
          content: '""',
          position: 'absolute',
          inset: '0 0 auto 0',
          height: 3,
          background: `linear-gradient(90deg, transparent, ${accent}, transparent)`,
        },
        '&:hover': {
          transform: 'translateY(-4px)',
          borderColor: 'rgba(200, 170, 110, 0.45)',
          boxShadow: '0 18px 40px -18px rgba(0, 0, 0, 0.8)',
        },
        '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:hover': { transform: 'none' } },
      }}
    >
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 56,
          height: 56,
          mb: 2.5,
          borderRadius: 2,
          color: accent,
          background: `radial-gradient(circle at 30% 30%, ${accent}33, ${accent}0d 70%)`,
          border: `1px solid ${accent}55`,
        }}
      >
        {ICONS[card.id]}
      </Box>
      <Typography id={`info-card-${card.id}`} variant="h5" component="h3" sx={{ mb: 1.5, fontWeight: 700 }}>
        {card.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        {card.text}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {card.points.map((point) => (
          <Box
            component="li"
            key={point}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.25,
              fontSize: '0.95rem',
              '&::before': {
                content: '""',
                flex: 'none',
                width: 8,
                height: 8,
                transform: 'rotate(45deg)',
                border: `2px solid ${accent}`,
              },
            }}
          >
            {point}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
