import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signedOut, stubApi, testUser } from '../../../test/render';
import { SignupPage } from './SignupPage';

afterEach(() => vi.unstubAllGlobals());

const providers = { providers: [], devLogin: true };

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('sign-up wizard', () => {
  it("blocks Next on empty fields with the catalogue's banner and messages", async () => {
    stubApi({ 'GET /auth/session': signedOut, 'GET /auth/providers': providers });
    renderAt('/signup', '/signup', <SignupPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    const banner = screen.getByRole('alert');
    expect(within(banner).getByText('Please correct the following error —')).toBeInTheDocument();
    for (const text of ['Summoner Name is empty!', 'Tagline is empty!', 'Region is empty!', 'Discord is empty!']) {
      expect(within(banner).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByLabelText(/Summoner Name/)).toBeInTheDocument();
  });

  it('marks each field in error (aria-invalid, its message as helper text) and clears each error as it is fixed', async () => {
    stubApi({ 'GET /auth/session': signedOut, 'GET /auth/providers': providers });
    renderAt('/signup', '/signup', <SignupPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    const name = screen.getByRole('textbox', { name: /Summoner Name/ });
    const tagline = screen.getByRole('textbox', { name: /Tagline/ });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Summoner Name is empty!');
    expect(tagline).toHaveAttribute('aria-invalid', 'true');
    // The form's hint stays under the error.
    expect(tagline).toHaveAccessibleDescription('Tagline is empty! Without # (e.g. NA1)');

    await userEvent.type(name, 'Fixed Name');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Summoner Name is empty!')).not.toBeInTheDocument();
    // The others stay, inside the catalogue's banner.
    const banner = screen.getByRole('alert');
    expect(within(banner).getByText('Please correct the following error —')).toBeInTheDocument();
    expect(within(banner).getByText('Tagline is empty!')).toBeInTheDocument();

    await userEvent.type(tagline, 'NA1');
    await chooseOption('Region', 'NA');
    await userEvent.type(screen.getByRole('textbox', { name: /Discord/ }), 'fixed');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(tagline).toHaveAccessibleDescription('Without # (e.g. NA1)');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('combobox', { name: 'Rank' })).toBeInTheDocument();
  });

  it('filters keystrokes: symbols out of the name, # and symbols out of the tagline, max 5', async () => {
    stubApi({ 'GET /auth/session': signedOut, 'GET /auth/providers': providers });
    renderAt('/signup', '/signup', <SignupPage />);
    const name = await screen.findByLabelText(/Summoner Name/);
    await userEvent.type(name, 'Faker!! 42$');
    expect(name).toHaveValue('Faker 42');
    const tagline = screen.getByLabelText(/Tagline/);
    await userEvent.type(tagline, '#NA1-234567');
    expect(tagline).toHaveValue('NA123');
    expect(screen.getByText('Without # (e.g. NA1)')).toBeInTheDocument();
  });

  it('walks the three steps and registers with a dev account', async () => {
    const calls = stubApi({
      'GET /auth/session': signedOut,
      'GET /auth/providers': providers,
      'POST /auth/dev-login': {
        token: 't',
        user: null,
        identity: { provider: 'dev', email: 'new@test.dev', name: null },
      },
      'POST /auth/register': { token: 't' },
    });
    renderAt('/signup', '/signup', <SignupPage />);
    await userEvent.type(await screen.findByLabelText(/Summoner Name/), 'New Player');
    await userEvent.type(screen.getByLabelText(/Tagline/), 'EUW');
    await chooseOption('Region', 'EUW');
    await userEvent.type(screen.getByLabelText(/Discord/), 'newplayer');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    // Step 2: the number is asked only for Iron through Diamond.
    await chooseOption('Rank', 'Master');
    expect(screen.queryByRole('combobox', { name: 'Rank Number' })).not.toBeInTheDocument();
    await chooseOption('Rank', 'Gold');
    await chooseOption('Rank Number', '2');
    // The preferred roles, Fill until chosen.
    expect(screen.getByRole('combobox', { name: 'Secondary role' })).toHaveTextContent('Fill');
    await chooseOption('Primary role', 'Jungle');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Gold 2')).toBeInTheDocument();
    expect(screen.getByText('Jungle / Fill')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email/), 'new@test.dev');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account with a dev account' }));
    expect(await screen.findByText('scrims page')).toBeInTheDocument();
    expect(await screen.findByText('Account created successfully, welcome!')).toBeInTheDocument();
    const register = calls.find((c) => c.path === '/auth/register');
    expect(register?.body).toEqual({
      name: 'New Player',
      summonerTagline: 'EUW',
      region: 'EUW',
      discord: 'newplayer',
      rank: 'Gold 2',
      canSendEmailsToUser: false,
      primaryRole: 'Jungle',
      secondaryRole: 'Fill',
    });
  });

  it('shows the server error when the name is taken', async () => {
    stubApi({
      'GET /auth/session': { token: 't', user: null, identity: { provider: 'dev', email: 'x@test.dev', name: null } },
      'GET /auth/providers': providers,
      'POST /auth/register': () => ({
        status: 409,
        body: { error: 'Summoner name Taken in NA is already taken!', code: 'NAME_TAKEN' },
      }),
    });
    sessionStorage.setItem(
      'scrim-gym.signup-form',
      JSON.stringify({
        name: 'Taken',
        summonerTagline: 'NA1',
        region: 'NA',
        discord: 'd',
        division: 'Gold',
        rankNumber: 1,
      }),
    );
    renderAt('/signup?resume=1', '/signup', <SignupPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Summoner name Taken in NA is already taken!')).toBeInTheDocument();
    expect(screen.queryByText('scrims page')).not.toBeInTheDocument();
  });

  it('sends a signed-in user to the hub', async () => {
    stubApi({
      'GET /auth/session': { token: 't', user: testUser(), identity: null },
      'GET /auth/providers': providers,
    });
    renderAt('/signup', '/signup', <SignupPage />);
    await waitFor(() => expect(screen.getByText('scrims page')).toBeInTheDocument());
  });
});
