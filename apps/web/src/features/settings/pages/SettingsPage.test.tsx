import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES } from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { SettingsPage } from './SettingsPage';

afterEach(() => vi.unstubAllGlobals());

const ME = testUser({ name: 'Faker Fan' });

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
  return screen.findByRole('dialog', { name: 'Delete your account?' });
}

describe('Settings: delete my account', () => {
  it('asks for the summoner name, deletes, then signs out and goes home with the message', async () => {
    const calls = stubApi({
      'GET /auth/session': { token: null, user: ME, identity: null },
      'DELETE /users/me': { message: ACCOUNT_DELETION_MESSAGES.deleted },
    });
    renderAt('/settings', '/settings', <SettingsPage />);
    const dialog = await openDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Summoner name'), 'faker  fa');
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Summoner name'), 'n');
    await userEvent.click(confirm);
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(await screen.findByText(ACCOUNT_DELETION_MESSAGES.deleted)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({
      path: '/users/me',
      body: { confirmation: 'faker  fan' },
    });
  });

  it("shows the server's refusal in the dialog and stays signed in; Cancel sends nothing", async () => {
    const calls = stubApi({
      'GET /auth/session': { token: null, user: ME, identity: null },
      'DELETE /users/me': () => ({
        status: 400,
        body: { error: ACCOUNT_DELETION_MESSAGES.confirmationMismatch, code: 'CONFIRMATION_MISMATCH' },
      }),
    });
    renderAt('/settings', '/settings', <SettingsPage />);
    let dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Summoner name'), 'Faker Fan');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(ACCOUNT_DELETION_MESSAGES.confirmationMismatch)).toBeInTheDocument();
    expect(screen.queryByText('home page')).not.toBeInTheDocument();
  });
});
