import type { Region } from '@scrim-gym/shared';
import { createTheme, type Theme } from '@mui/material/styles';

/**
 * The dashboard's dark blue theme, over the app's (already dark blue) theme: deeper blue panels and a
 * sky-blue accent. The page background stays the app's, so the admin pages sit in the same frame as the others.
 */
export const dashboardTheme = (base: Theme) =>
  createTheme(base, {
    palette: {
      primary: { main: '#5bb5f0', contrastText: '#04101f' },
      background: { paper: '#0b1a33' },
      // Dark text on the red: white on it falls short of 4.5:1 (chips, the Lift button's neighbours).
      error: { main: '#f25c54', contrastText: '#0a1428' },
    },
    components: {
      MuiPaper: {
        styleOverrides: { root: { backgroundImage: 'none', border: '1px solid rgba(91,181,240,0.14)' } },
      },
    },
  });

/** One colour per region (Region Distribution), and the charts' other colours. */
export const REGION_COLORS: Record<string, string> = {
  NA: '#5bb5f0',
  EUW: '#c8aa6e',
  EUNE: '#0ac8b9',
  LAN: '#f25c54',
  OCE: '#3ecf8e',
  KR: '#b18cf2',
  BR: '#f0b429',
  LAS: '#ff8a65',
  JP: '#f48fb1',
  TR: '#e57373',
  ME: '#d4a373',
  RU: '#90a4ae',
  PH: '#4dd0e1',
  SG: '#81c784',
  TH: '#aed581',
  TW: '#7986cb',
  VN: '#ffd54f',
} satisfies Record<Region, string>;
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
