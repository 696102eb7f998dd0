import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate } from 'react-router';
import { MESSAGES, ROLES } from '@scrim-gym/shared';
import { useCurrentUser } from '../../auth/api/session';
import { InfoCard } from '../InfoCard';
import { HERO, INFO_CARDS, SECTIONS, SOCIAL_LINKS, STEPS } from '../landing.content';
import { LobbyPreview } from '../LobbyPreview';
import { SectionHeading } from '../SectionHeading';
import { SocialLinkTile } from '../SocialLinkTile';

const sectionSx = { py: { xs: 7, md: 10 } } as const;

/** The landing page for visitors. A signed-in user goes to the Scrims Hub. */
export function LandingPage() {
  const { user } = useCurrentUser();
  if (user) return <Navigate to="/scrims" replace />;

  return (
    <>
      <Box
        component="section"
        aria-labelledby="landing-title"
        sx={{
          position: 'relative',
          overflow: 'hidden',
          background: [
            'radial-gradient(ellipse 70% 55% at 50% -5%, rgba(200, 170, 110, 0.22), transparent 65%)',
            'radial-gradient(ellipse 45% 45% at 100% 35%, rgba(10, 200, 185, 0.14), transparent 70%)',
            'radial-gradient(ellipse 45% 40% at 0% 60%, rgba(48, 96, 190, 0.26), transparent 70%)',
            'linear-gradient(180deg, #0c1b36 0%, #0a1428 100%)',
          ].join(', '),
          '&::before': {
            content: '""',
            position: 'absolute',
            inset: 0,
            pointerEvents: 'none',
            backgroundImage:
              'linear-gradient(rgba(200, 170, 110, 0.06) 1px, transparent 1px), linear-gradient(90deg, rgba(200, 170, 110, 0.06) 1px, transparent 1px)',
            backgroundSize: '48px 48px',
            maskImage: 'radial-gradient(ellipse 80% 70% at 50% 30%, #000 30%, transparent 80%)',
          },
          '&::after': {
            content: '""',
            position: 'absolute',
            inset: 'auto 0 0 0',
            height: 120,
            pointerEvents: 'none',
            background: 'linear-gradient(180deg, transparent, #0a1428)',
          },
        }}
      >
        <Container
          maxWidth="lg"
          sx={{
            position: 'relative',
            zIndex: 1,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1.1fr 0.9fr' },
            alignItems: 'center',
            gap: { xs: 6, md: 8 },
            pt: { xs: 8, md: 14 },
            pb: { xs: 6, md: 14 },
          }}
        >
          <Box sx={{ textAlign: { xs: 'center', md: 'left' } }}>
            <Typography
              component="p"
              sx={{
                display: 'inline-block',
                mb: 3,
                px: 1.75,
                py: 0.5,
                borderRadius: 999,
                fontSize: '0.8rem',
                fontWeight: 700,
                letterSpacing: 1.2,
                textTransform: 'uppercase',
                color: 'secondary.main',
                border: '1px solid rgba(10, 200, 185, 0.4)',
                background: 'rgba(10, 200, 185, 0.08)',
              }}
            >
              {HERO.eyebrow}
            </Typography>
            <Typography
              id="landing-title"
              variant="h1"
              sx={{
                fontSize: 'clamp(3.25rem, 11vw, 6rem)',
                lineHeight: 1,
                letterSpacing: '-0.03em',
                mb: 2,
                color: 'primary.main',
                background: 'linear-gradient(180deg, #f0e6d2 15%, #c8aa6e 95%)',
                WebkitBackgroundClip: 'text',
                backgroundClip: 'text',
                WebkitTextFillColor: 'transparent',
              }}
            >
              Scrim Gym
            </Typography>
            <Typography
              component="p"
              sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, fontWeight: 700, color: 'text.primary', mb: 2.5 }}
            >
              {MESSAGES.pageDescription}
            </Typography>
            <Typography
              color="text.secondary"
              sx={{ fontSize: { xs: '1.05rem', md: '1.15rem' }, maxWidth: 560, mx: { xs: 'auto', md: 0 }, mb: 4 }}
            >
              {HERO.description}
            </Typography>
            <Box
              sx={{
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row' },
                justifyContent: { xs: 'center', md: 'flex-start' },
                gap: 2,
                mb: 4,
              }}
            >
              <Button
                component={RouterLink}
                to="/signup"
                variant="contained"
                size="large"
                endIcon={<ArrowForwardIcon />}
                sx={{
                  px: 4,
                  py: 1.5,
                  fontSize: '1.05rem',
                  background: 'linear-gradient(180deg, #e0c88f 0%, #c8aa6e 100%)',
                  boxShadow: '0 10px 30px -10px rgba(200, 170, 110, 0.7)',
                }}
              >
                {HERO.signUp}
              </Button>
              <Button
                component={RouterLink}
                to="/guide"
                variant="outlined"
                size="large"
                sx={{ px: 4, py: 1.5, fontSize: '1.05rem', borderColor: 'rgba(200, 170, 110, 0.6)' }}
              >
                {HERO.guide}
              </Button>
            </Box>
            <Box
              component="ul"
              aria-label="Roles"
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                justifyContent: { xs: 'center', md: 'flex-start' },
                gap: 1,
                m: 0,
                p: 0,
                listStyle: 'none',
              }}
            >
              {ROLES.map((role) => (
                <Box
                  component="li"
                  key={role}
                  sx={{
                    px: 1.5,
                    py: 0.5,
                    borderRadius: 1.5,
                    fontSize: '0.85rem',
                    fontWeight: 600,
                    color: 'text.secondary',
                    border: '1px solid rgba(182, 194, 214, 0.2)',
                    background: 'rgba(10, 20, 40, 0.6)',
                  }}
                >
                  {role}
                </Box>
              ))}
            </Box>
          </Box>
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <LobbyPreview />
          </Box>
        </Container>
      </Box>

      <Box component="section" aria-labelledby="landing-features" sx={sectionSx}>
        <Container maxWidth="lg">
          <SectionHeading id="landing-features" title={SECTIONS.features.title} text={SECTIONS.features.text} />
          <Box
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: { xs: 2.5, md: 3 } }}
          >
            {INFO_CARDS.map((card) => (
              <InfoCard key={card.id} card={card} />
            ))}
          </Box>
        </Container>
      </Box>

      <Box
        component="section"
        aria-labelledby="landing-steps"
        sx={{
          ...sectionSx,
          background:
            'linear-gradient(180deg, rgba(15, 30, 54, 0) 0%, rgba(15, 30, 54, 0.9) 50%, rgba(15, 30, 54, 0) 100%)',
        }}
      >
        <Container maxWidth="lg">
          <SectionHeading id="landing-steps" title={SECTIONS.steps.title} />
          <Box
            component="ol"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
              gap: 3,
              m: 0,
              p: 0,
              listStyle: 'none',
              counterReset: 'step',
            }}
          >
            {STEPS.map((step) => (
              <Box
                component="li"
                key={step.title}
                sx={{
                  counterIncrement: 'step',
                  '&::before': {
                    content: 'counter(step, decimal-leading-zero)',
                    display: 'block',
                    mb: 1,
                    fontSize: '2rem',
                    fontWeight: 800,
                    color: 'primary.main',
                  },
                }}
              >
                <Typography variant="h6" component="h3" sx={{ mb: 0.75, fontWeight: 700 }}>
                  {step.title}
                </Typography>
                <Typography color="text.secondary">{step.text}</Typography>
              </Box>
            ))}
          </Box>
        </Container>
      </Box>

      <Box component="section" aria-labelledby="landing-community" sx={sectionSx}>
        <Container maxWidth="lg">
          <SectionHeading id="landing-community" title={SECTIONS.community.title} text={SECTIONS.community.text} />
          <Box
            component="ul"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
              gap: 2.5,
              m: 0,
              p: 0,
              listStyle: 'none',
            }}
          >
            {SOCIAL_LINKS.map((link) => (
              <li key={link.network}>
                <SocialLinkTile link={link} />
              </li>
            ))}
          </Box>
        </Container>
      </Box>
    </>
  );
}
