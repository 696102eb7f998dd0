import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The accent colours of a scrim page's panels: sign-ups (teal) and the waitlist (gold). */
const ACCENTS = { teal: '10,200,185', gold: '200,170,110' } as const;

/** A row of a panel's list of people (a sign-up, a waitlist entry); the viewer's own row stands out. */
export const panelRowSx = (mine: boolean) =>
  ({
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    px: 1.25,
    py: 0.75,
    borderRadius: 1.5,
    border: '1px solid rgba(182,194,214,0.14)',
    bgcolor: mine ? 'rgba(200,170,110,0.10)' : 'rgba(255,255,255,0.025)',
    minWidth: 0,
  }) as const;

/**
 * A titled panel across a scrim card's grid (the sign-ups, the waitlist): a section named by its heading, with
 * whatever the heading row carries beside the title (a count chip, a time), then its content.
 */
export function ScrimPanel({
  headingId,
  title,
  level,
  accent,
  gap,
  heading,
  children,
}: {
  headingId: string;
  title: string;
  /** The card's heading level: the panel's title is one below it. */
  level: number;
  accent: keyof typeof ACCENTS;
  gap: number;
  heading: ReactNode;
  children: ReactNode;
}) {
  const rgb = ACCENTS[accent];
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{
        gridColumn: '1 / -1',
        p: { xs: 1.5, md: 2 },
        borderRadius: 2,
        border: `1px solid rgba(${rgb},0.3)`,
        bgcolor: `rgba(${rgb},0.04)`,
        display: 'grid',
        gap,
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          id={headingId}
          variant="subtitle1"
          component={`h${level + 1}` as 'h2' | 'h4'}
          sx={{ fontWeight: 800 }}
        >
          {title}
        </Typography>
        {heading}
      </Box>
      {children}
    </Box>
  );
}
