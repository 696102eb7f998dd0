import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useId, type ReactNode } from 'react';

/**
 * A titled dashboard panel. A chart passes `summary` (what it draws, in words), which screen readers get instead
 * of the drawing.
 */
export function Panel({
  title,
  actions,
  summary,
  children,
  minHeight,
}: {
  title: string;
  actions?: ReactNode;
  summary?: string;
  children: ReactNode;
  minHeight?: number;
}) {
  const id = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1.5, minHeight }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography id={id} variant="h6" component="h2" sx={{ flexGrow: 1, fontWeight: 700 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {summary !== undefined && <Box sx={visuallyHidden}>{summary}</Box>}
      <Box aria-hidden={summary !== undefined ? true : undefined} sx={{ minWidth: 0, flexGrow: 1 }}>
        {children}
      </Box>
    </Paper>
  );
}

/** The drawing area of a chart, of a fixed height (recharts' ResponsiveContainer fills its parent). */
export const ChartBox = ({ height = 260, children }: { height?: number; children: ReactNode }) => (
  <Box sx={{ width: '100%', height }}>{children}</Box>
);
