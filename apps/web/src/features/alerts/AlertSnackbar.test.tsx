import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AlertSnackbar } from './AlertSnackbar';

describe('the alert snackbar', () => {
  it("sits at the bottom centre, clear of the hub's filters (in or right under the app bar)", () => {
    render(<AlertSnackbar alert={{ key: 1, type: 'Error', message: 'boom' }} open onClose={() => {}} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('boom');
    const snackbar = alert.closest('.MuiSnackbar-root')!;
    expect(snackbar.className).toMatch(/MuiSnackbar-anchorOriginBottomCenter/);
    expect(snackbar.className).not.toMatch(/anchorOriginTop/);
  });
});
