import { createTheme, type Theme } from '@mui/material/styles';

/** The dashboard's dark blue theme (spec 9), over the app's theme: deeper blues, a sky-blue accent. */
export const dashboardTheme = (base: Theme) =>
  createTheme(base, {
    palette: {
      primary: { main: '#5bb5f0', contrastText: '#04101f' },
      background: { default: '#050d1c', paper: '#0b1a33' },
    },
    components: {
      MuiPaper: {
        styleOverrides: { root: { backgroundImage: 'none', border: '1px solid rgba(91,181,240,0.14)' } },
      },
    },
  });

/** One colour per region (spec 2: Region Distribution), and the charts' other colours. */
export const REGION_COLORS: Record<string, string> = {
  NA: '#5bb5f0',
  EUW: '#c8aa6e',
  EUNE: '#0ac8b9',
  LAN: '#f25c54',
  OCE: '#3ecf8e',
};
export const CHART = {
  area: '#5bb5f0',
  bars: '#0ac8b9',
  ranks: '#c8aa6e',
  grid: 'rgba(182,194,214,0.12)',
  axis: '#b6c2d6',
  bans: { active: '#f25c54', expired: '#f0b429', unbanned: '#3ecf8e' },
  other: '#8892a6',
} as const;

export const tooltipStyle = {
  contentStyle: { background: '#050d1c', border: '1px solid rgba(91,181,240,0.5)', borderRadius: 8 },
  labelStyle: { color: '#f0e6d2' },
  itemStyle: { color: '#f0e6d2' },
};
