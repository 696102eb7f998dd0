import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface StatusPageProps {
  /** A large decorative mark above the title: a status code or an icon. */
  mark: ReactNode;
  title: string;
  text?: string;
  children?: ReactNode;
}

/** The shared layout of the not-found and server-error pages. */
export function StatusPage({ mark, title, text, children }: StatusPageProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        placeItems: 'center',
        minHeight: '60vh',
        background: 'radial-gradient(ellipse 60% 50% at 50% 35%, rgba(200, 170, 110, 0.12), transparent 70%)',
      }}
    >
      <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
        <Box
          aria-hidden
          sx={{
            fontSize: { xs: '6rem', md: '8rem' },
            fontWeight: 900,
            lineHeight: 1,
            letterSpacing: '-0.04em',
            mb: 2,
            display: 'flex',
            justifyContent: 'center',
            color: 'transparent',
            '& svg': { fontSize: 'inherit', color: 'rgba(200, 170, 110, 0.6)' },
            background: 'linear-gradient(180deg, rgba(200, 170, 110, 0.55), rgba(200, 170, 110, 0.05))',
            WebkitBackgroundClip: 'text',
            backgroundClip: 'text',
            userSelect: 'none',
          }}
        >
          {mark}
        </Box>
        <Typography
          variant="h4"
          component="h1"
          sx={{
            mb: text ? 1.5 : 4,
            fontWeight: 700,
            overflowWrap: 'anywhere',
            fontSize: { xs: '1.6rem', md: '2.1rem' },
          }}
        >
          {title}
        </Typography>
        {text && (
          <Typography color="text.secondary" sx={{ fontSize: '1.1rem', mb: 4 }}>
            {text}
          </Typography>
        )}
        {children}
      </Container>
    </Box>
  );
}
