import { createTheme } from '@mui/material/styles';
import { BREAKPOINTS } from '@scrim-gym/shared';

const PAPER = '#0f1e36';
const TEXT = '#f0e6d2';
const BORDER = 'rgba(200, 170, 110, 0.35)';
const LINK = '#c8aa6e';
const LINK_HOVER = '#e2cb93';

/** Dark Hextech palette: deep blue with gold accents. Breakpoints are the product's (600, 960, 1280, 1920). */
export const theme = createTheme({
  breakpoints: { values: BREAKPOINTS },
  palette: {
    mode: 'dark',
    primary: { main: '#c8aa6e', contrastText: '#0a1428' },
    secondary: { main: '#0ac8b9', contrastText: '#0a1428' },
    background: { default: '#0a1428', paper: PAPER },
    error: { main: '#f25c54' },
    success: { main: '#3ecf8e' },
    info: { main: '#5bb5f0' },
    text: { primary: TEXT, secondary: '#b6c2d6' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 800 },
    h2: { fontWeight: 800 },
    h3: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    // A bare anchor (rich text, a link without MUI's classes) takes the theme's colour instead of the browser's
    // blue and visited purple; MUI's own links and buttons set their colour through their classes.
    // A player who asks their system for less motion gets none: spinners, skeleton pulses, slides and fades end at
    // once (WCAG 2.3.3). A still spinner's arc still says "loading", and the page stops repainting while it waits.
    MuiCssBaseline: {
      styleOverrides: {
        'a:not([class]), a:not([class]):visited': { color: LINK },
        'a:not([class]):hover': { color: LINK_HOVER },
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            transitionDelay: '0s !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    // MUI's dark snackbar is a near-white bar; here it is the dark paper with the theme's text.
    MuiSnackbarContent: {
      styleOverrides: {
        root: { backgroundColor: PAPER, color: TEXT, border: `1px solid ${BORDER}`, backgroundImage: 'none' },
      },
    },
  },
});
