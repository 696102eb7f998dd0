import { createTheme } from '@mui/material/styles';
import { BREAKPOINTS } from '@scrim-gym/shared';

/** Dark Hextech palette: deep blue with gold accents. Breakpoints are the product's (600, 960, 1280, 1920). */
export const theme = createTheme({
  breakpoints: { values: BREAKPOINTS },
  palette: {
    mode: 'dark',
    primary: { main: '#c8aa6e', contrastText: '#0a1428' },
    secondary: { main: '#0ac8b9', contrastText: '#0a1428' },
    background: { default: '#0a1428', paper: '#0f1e36' },
    error: { main: '#f25c54' },
    success: { main: '#3ecf8e' },
    info: { main: '#5bb5f0' },
    text: { primary: '#f0e6d2', secondary: '#b6c2d6' },
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
  },
});
