import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../auth/api/session';
import {
  GUIDE_HELP,
  GUIDE_INTRO,
  GUIDE_SLIDES_TITLE,
  GUIDE_SLIDES_URL,
  GUIDE_STEPS,
  GUIDE_TITLE,
} from './guide.content';
import { NEW_TAB_HINT } from './landing.content';
import { visuallyHidden } from './visually-hidden';

/** /guide (spec 2): a written guide and the embedded slide presentation. */
export function GuidePage() {
  const { user } = useCurrentUser();
  return (
    <Box
      sx={{
        background:
          'radial-gradient(ellipse 70% 320px at 50% 0%, rgba(10, 200, 185, 0.12), transparent 70%), linear-gradient(180deg, #0c1b36 0%, #0a1428 420px)',
      }}
    >
      <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2.25rem', md: '3rem' }, mb: 1.5 }}>
          {GUIDE_TITLE}
        </Typography>
        <Typography sx={{ fontSize: '1.1rem', mb: { xs: 4, md: 5 } }}>{GUIDE_INTRO}</Typography>

        <Box component="section" aria-labelledby="guide-steps" sx={{ mb: { xs: 5, md: 7 } }}>
          <Typography id="guide-steps" variant="h4" component="h2" sx={{ mb: 3, fontWeight: 700 }}>
            Step by step
          </Typography>
          <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
            {GUIDE_STEPS.map((step, index) => (
              <Box
                component="li"
                key={step.title}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'auto 1fr',
                  gap: { xs: 2, sm: 2.5 },
                  p: { xs: 2.5, sm: 3 },
                  borderRadius: 3,
                  bgcolor: 'background.paper',
                  border: '1px solid rgba(200, 170, 110, 0.18)',
                }}
              >
                <Box
                  aria-hidden
                  sx={{
                    display: 'grid',
                    placeItems: 'center',
                    width: 40,
                    height: 40,
                    borderRadius: '50%',
                    fontWeight: 800,
                    color: 'primary.contrastText',
                    background: 'linear-gradient(180deg, #e0c88f 0%, #c8aa6e 100%)',
                  }}
                >
                  {index + 1}
                </Box>
                <Box>
                  <Typography variant="h6" component="h3" sx={{ mb: 0.5, fontWeight: 700 }}>
                    {step.title}
                  </Typography>
                  <Typography color="text.secondary">{step.text}</Typography>
                </Box>
              </Box>
            ))}
          </Box>
        </Box>

        <Box component="section" aria-labelledby="guide-slides" sx={{ mb: { xs: 5, md: 7 } }}>
          <Typography id="guide-slides" variant="h4" component="h2" sx={{ mb: 3, fontWeight: 700 }}>
            Slides
          </Typography>
          <Box
            sx={{
              position: 'relative',
              aspectRatio: '16 / 9',
              borderRadius: 3,
              overflow: 'hidden',
              bgcolor: 'background.paper',
              border: '1px solid rgba(200, 170, 110, 0.25)',
              boxShadow: '0 24px 60px -30px rgba(0, 0, 0, 0.9)',
            }}
          >
            <Box
              component="iframe"
              src={GUIDE_SLIDES_URL}
              title={GUIDE_SLIDES_TITLE}
              loading="lazy"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
            />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            Slides not showing?{' '}
            <Link href={GUIDE_SLIDES_URL} target="_blank" rel="noopener noreferrer">
              Open the presentation
              <Box component="span" sx={visuallyHidden}>{` ${NEW_TAB_HINT}`}</Box>
            </Link>
          </Typography>
        </Box>

        <Box
          component="section"
          aria-labelledby="guide-help"
          sx={{
            p: { xs: 3, md: 4 },
            borderRadius: 3,
            border: '1px solid rgba(10, 200, 185, 0.3)',
            background: 'linear-gradient(135deg, rgba(10, 200, 185, 0.1), rgba(15, 30, 54, 0.9))',
          }}
        >
          <Typography id="guide-help" variant="h5" component="h2" sx={{ mb: 1, fontWeight: 700 }}>
            {GUIDE_HELP.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2.5 }}>
            {GUIDE_HELP.text}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <Button
              variant="contained"
              color="secondary"
              href={GUIDE_HELP.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {GUIDE_HELP.linkLabel}
              <Box component="span" sx={visuallyHidden}>{` ${NEW_TAB_HINT}`}</Box>
            </Button>
            {user ? (
              <Button component={RouterLink} to="/scrims" variant="outlined">
                Browse Scrims
              </Button>
            ) : (
              <Button component={RouterLink} to="/signup" variant="outlined">
                Sign Up
              </Button>
            )}
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
