import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** A paragraph, or a bulleted list. */
export type PolicyBlock = string | { list: readonly string[] };

export interface PolicySection {
  title: string;
  blocks: readonly PolicyBlock[];
}

export interface PolicyAction {
  label: string;
  to: string;
}

interface PolicyPageProps {
  title: string;
  intro: string;
  sections: readonly PolicySection[];
  /** Buttons at the end of the page: the first is the main one. */
  actions: readonly PolicyAction[];
  /** Shows 'Last updated: <today>' under the title. */
  showLastUpdated?: boolean;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** Today as 'November 22, 2026', with its machine-readable form. */
function today() {
  const now = new Date();
  const iso = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  return { text: dateFormat.format(now), iso };
}

/** The shared layout of the policy pages: a title, numbered sections and buttons to the other pages. */
export function PolicyPage({ title, intro, sections, actions, showLastUpdated = false }: PolicyPageProps) {
  const date = showLastUpdated ? today() : null;
  return (
    <Box
      sx={{
        background:
          'radial-gradient(ellipse 70% 320px at 50% 0%, rgba(200, 170, 110, 0.14), transparent 70%), linear-gradient(180deg, #0c1b36 0%, #0a1428 420px)',
      }}
    >
      <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
        <Box component="header" sx={{ mb: { xs: 4, md: 5 } }}>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2.25rem', md: '3rem' }, mb: 1.5 }}>
            {title}
          </Typography>
          {date && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Last updated: <time dateTime={date.iso}>{date.text}</time>
            </Typography>
          )}
          <Typography sx={{ fontSize: '1.1rem' }}>{intro}</Typography>
        </Box>

        <Box
          sx={{
            p: { xs: 2.5, sm: 4, md: 5 },
            borderRadius: 3,
            bgcolor: 'background.paper',
            border: '1px solid rgba(200, 170, 110, 0.18)',
            display: 'grid',
            gap: { xs: 3.5, md: 4 },
          }}
        >
          {sections.map((section, index) => {
            const id = `section-${index + 1}`;
            return (
              <Box component="section" key={section.title} aria-labelledby={id}>
                <Typography id={id} variant="h5" component="h2" sx={{ mb: 1.5, fontWeight: 700, scrollMarginTop: 80 }}>
                  <Box component="span" sx={{ color: 'primary.main' }}>
                    {`${index + 1}.`}
                  </Box>{' '}
                  {section.title}
                </Typography>
                {section.blocks.map((block, blockIndex) =>
                  typeof block === 'string' ? (
                    <Typography key={blockIndex} color="text.secondary" sx={{ mb: 1.5, '&:last-child': { mb: 0 } }}>
                      {block}
                    </Typography>
                  ) : (
                    <Box
                      component="ul"
                      key={blockIndex}
                      sx={{
                        color: 'text.secondary',
                        pl: 3,
                        my: 1.5,
                        '& li + li': { mt: 0.75 },
                        '&:last-child': { mb: 0 },
                      }}
                    >
                      {block.list.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </Box>
                  ),
                )}
              </Box>
            );
          })}
        </Box>

        <Box
          component="nav"
          aria-label={`${title} links`}
          sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, mt: { xs: 4, md: 5 } }}
        >
          {actions.map((action, index) => (
            <Button
              key={action.to}
              component={RouterLink}
              to={action.to}
              variant={index === 0 ? 'contained' : 'outlined'}
              size="large"
            >
              {action.label}
            </Button>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
