import CssBaseline from '@mui/material/CssBaseline';
import Snackbar from '@mui/material/Snackbar';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('the dark theme', () => {
  it('gives a snackbar the dark paper, not the near-white default', () => {
    render(
      <ThemeProvider theme={theme}>
        <Snackbar open message="Saved" />
      </ThemeProvider>,
    );
    const bar = screen.getByText('Saved').closest('.MuiSnackbarContent-root')!;
    expect(getComputedStyle(bar).backgroundColor).toBe('rgb(15, 30, 54)');
    expect(getComputedStyle(bar).color).toBe('rgb(240, 230, 210)');
  });

  it("colours a bare link with the theme's gold, visited or not", () => {
    render(
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <a href="/guide">Guide</a>
      </ThemeProvider>,
    );
    expect(getComputedStyle(screen.getByRole('link', { name: 'Guide' })).color).toBe('rgb(200, 170, 110)');
  });
});
