import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signedOut, stubApi } from '../../../test/render';
import { SignInDialog } from './SignInDialog';

afterEach(() => vi.unstubAllGlobals());

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>open</button>
      <SignInDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

describe('the Log In dialog', () => {
  it("has a close button named 'Close' that closes it", async () => {
    stubApi({ 'GET /auth/session': signedOut, 'GET /auth/providers': { providers: [], devLogin: true } });
    renderAt('/', '/', <Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Log In' });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });
});
