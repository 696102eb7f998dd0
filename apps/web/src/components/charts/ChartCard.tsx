import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useId, type ReactNode } from 'react';

export const CHART_COLORS = {
  played: '#c8aa6e',
  casted: '#0ac8b9',
  wins: '#3ecf8e',
  losses: '#f25c54',
  track: 'rgba(182,194,214,0.16)',
  grid: 'rgba(182,194,214,0.12)',
  axis: '#b6c2d6',
} as const;

export const tooltipStyle = {
  contentStyle: { background: '#0a1428', border: '1px solid rgba(200,170,110,0.5)', borderRadius: 8 },
  labelStyle: { color: '#f0e6d2' },
  itemStyle: { color: '#f0e6d2' },
};

/**
 * A titled chart panel. With a `summary` (what the chart draws, in words) screen readers get that instead of
 * the drawing; without one the content is read as it is.
 */
export function ChartCard({
  title,
  summary,
  children,
  actions,
}: {
  title: string;
  summary?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <Paper
      component="figure"
      aria-labelledby={id}
      sx={{
        m: 0,
        p: { xs: 1.5, sm: 2 },
        bgcolor: 'rgba(15,30,54,0.85)',
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Typography id={id} component="figcaption" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
        {summary && <span style={visuallyHidden}>: {summary}</span>}
      </Typography>
      {actions}
      <div aria-hidden={summary ? true : undefined} style={{ flexGrow: 1, minHeight: 0 }}>
        {children}
      </div>
    </Paper>
  );
}
