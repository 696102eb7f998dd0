import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../auth/api/session';
import {
  GUIDE_HELP,
  GUIDE_IMAGE_SIZE,
  GUIDE_INTRO,
  GUIDE_SECTIONS,
  GUIDE_SHOWING_UP,
  GUIDE_SIGN_UP,
  GUIDE_TITLE,
  type GuideSection,
} from '../guide.content';
import { NEW_TAB_HINT } from '../landing.content';
import { visuallyHidden } from '../visually-hidden';

/** /guide: the app's own illustrated guide, each step beside a screen of the real app. */
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
        <Typography sx={{ fontSize: '1.1rem', mb: 3 }}>{GUIDE_INTRO}</Typography>

        <Box component="nav" aria-label="Guide sections" sx={{ mb: { xs: 4, md: 5 } }}>
          <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5, color: 'text.secondary' }}>
            {GUIDE_SECTIONS.map((section) => (
              <li key={section.id}>
                <Box component="a" href={`#${section.id}`} sx={{ color: 'secondary.main' }}>
                  {section.title}
                </Box>
              </li>
            ))}
            <li>
              <Box component="a" href={`#${GUIDE_SHOWING_UP.id}`} sx={{ color: 'secondary.main' }}>
                {GUIDE_SHOWING_UP.title}
              </Box>
            </li>
          </Box>
        </Box>

        <Box
          component="section"
          aria-labelledby="guide-sign-up"
          sx={{ mb: { xs: 4, md: 5 }, p: { xs: 2.5, sm: 3 }, borderRadius: 3, bgcolor: 'background.paper' }}
        >
          <Typography id="guide-sign-up" variant="h5" component="h2" sx={{ mb: 1, fontWeight: 700 }}>
            {GUIDE_SIGN_UP.title}
          </Typography>
          <Typography color="text.secondary">{GUIDE_SIGN_UP.text}</Typography>
        </Box>

        <Box
          component="ol"
          sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: { xs: 5, md: 7 }, mb: { xs: 5, md: 7 } }}
        >
          {GUIDE_SECTIONS.map((section, index) => (
            <GuideStep key={section.id} section={section} number={index + 1} />
          ))}
        </Box>

        <ShowingUp />

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

function GuideStep({ section, number }: { section: GuideSection; number: number }) {
  const headingId = `${section.id}-title`;
  return (
    <Box component="li" id={section.id} sx={{ scrollMarginTop: 80 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 40,
            height: 40,
            flex: 'none',
            borderRadius: '50%',
            fontWeight: 800,
            color: 'primary.contrastText',
            background: 'linear-gradient(180deg, #e0c88f 0%, #c8aa6e 100%)',
          }}
        >
          {number}
        </Box>
        <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {section.title}
        </Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {section.text}
      </Typography>
      <Box
        component="figure"
        sx={{
          m: 0,
          borderRadius: 3,
          overflow: 'hidden',
          border: '1px solid rgba(200, 170, 110, 0.25)',
          boxShadow: '0 24px 60px -30px rgba(0, 0, 0, 0.9)',
          bgcolor: 'background.paper',
        }}
      >
        <Box
          component="img"
          src={section.image}
          alt={section.alt}
          width={GUIDE_IMAGE_SIZE.width}
          height={GUIDE_IMAGE_SIZE.height}
          loading="lazy"
          decoding="async"
          sx={{ display: 'block', width: '100%', height: 'auto' }}
        />
      </Box>
    </Box>
  );
}

/** The rules every player is held to, in words: check-in, reliability, late leaves, no-shows and cooldowns. */
function ShowingUp() {
  const headingId = `${GUIDE_SHOWING_UP.id}-title`;
  return (
    <Box
      component="section"
      id={GUIDE_SHOWING_UP.id}
      aria-labelledby={headingId}
      sx={{
        scrollMarginTop: 80,
        mb: { xs: 4, md: 5 },
        p: { xs: 2.5, sm: 3 },
        borderRadius: 3,
        bgcolor: 'background.paper',
      }}
    >
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1, fontWeight: 700 }}>
        {GUIDE_SHOWING_UP.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {GUIDE_SHOWING_UP.intro}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
        {GUIDE_SHOWING_UP.items.map((item) => (
          <Box key={item.term}>
            <Typography component="dt" sx={{ fontWeight: 700 }}>
              {item.term}
            </Typography>
            <Typography component="dd" color="text.secondary" sx={{ m: 0 }}>
              {item.text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
