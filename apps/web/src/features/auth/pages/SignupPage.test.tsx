import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@scrim-gym/shared';
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

  it('takes a sign-up refused for its name back to the name field, with the message on it and no toast', async () => {
    stubApi({
      'GET /auth/session': { token: 't', user: null, identity: { provider: 'dev', email: 'x@test.dev', name: null } },
      'GET /auth/providers': providers,
      'GET /auth/name-availability': { available: true },
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
    const name = await screen.findByRole('textbox', { name: /Summoner Name/ });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Summoner name Taken in NA is already taken!');
    expect(screen.getByText(MESSAGES.signupUnfinished)).toBeInTheDocument();
    expect(screen.getAllByText('Summoner name Taken in NA is already taken!')).toHaveLength(1);
    expect(screen.queryByText('scrims page')).not.toBeInTheDocument();

    // A new name clears the refusal; the form keeps the rest of the wizard.
    await userEvent.type(name, 'X');
    expect(name).not.toHaveAccessibleDescription('Summoner name Taken in NA is already taken!');
    expect(screen.getByRole('textbox', { name: /Tagline/ })).toHaveValue('NA1');
  });

  describe('the name field asks the server as it is typed', () => {
    afterEach(() => vi.useRealTimers());

    async function typeName(text: string, answer: (name: string) => object) {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = userEvent.setup({ delay: 50, advanceTimers: vi.advanceTimersByTime });
      const calls = stubApi({
        'GET /auth/session': signedOut,
        'GET /auth/providers': providers,
        'GET /auth/name-availability': () => ({ body: answer('') }),
      });
      renderAt('/signup', '/signup', <SignupPage />);
      await chooseOption('Region', 'NA');
      const field = screen.getByRole('textbox', { name: /Summoner Name/ });
      await user.type(field, text);
      return { calls, field, checks: () => calls.filter((c) => c.path === '/auth/name-availability') };
    }

    it('once typing pauses for 300 ms, once, for the last name; Checking… then Available', async () => {
      const { field, checks } = await typeName('Fresh', () => ({ available: true }));
      expect(checks()).toHaveLength(0);
      expect(field).toHaveAccessibleDescription('Checking…');
      await act(() => vi.advanceTimersByTimeAsync(300));
      expect(checks()).toHaveLength(1);
      expect(new URLSearchParams(checks()[0]!.query).get('name')).toBe('Fresh');
      expect(new URLSearchParams(checks()[0]!.query).get('region')).toBe('NA');
      await waitFor(() => expect(field).toHaveAccessibleDescription('Available'));
      expect(field).toHaveAttribute('aria-invalid', 'false');
    });

    it('a clash is shown on the field as the player types, and Next stays on the step', async () => {
      const message = MESSAGES.nameLookalike('Fak3r', 'NA');
      const { field } = await typeName('Fak3r', () => ({ available: false, reason: 'lookalike', message }));
      await act(() => vi.advanceTimersByTimeAsync(300));
      await waitFor(() => expect(field).toHaveAccessibleDescription(message));
      expect(field).toHaveAttribute('aria-invalid', 'true');
      await userEvent.type(screen.getByRole('textbox', { name: /Tagline/ }), 'NA1');
      await userEvent.type(screen.getByRole('textbox', { name: /Discord/ }), 'disc');
      await userEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.queryByRole('combobox', { name: 'Rank' })).not.toBeInTheDocument();
    });
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

describe('sign-up steps on a phone', () => {
  /** A 390 px window: min-width queries from 600 px up do not match. */
  const phone = () =>
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: Number(/min-width:\s*(\d+)/.exec(query)?.[1] ?? 0) <= 390,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));

  it('shows one short word per step at 390 px, the full name still given to assistive technology', async () => {
    phone();
    stubApi({ 'GET /auth/session': signedOut, 'GET /auth/providers': providers });
    renderAt('/signup', '/signup', <SignupPage />);
    await screen.findByRole('button', { name: 'Next' });
    const labels = [...document.querySelectorAll('.MuiStepLabel-label')].map((label) => label.textContent);
    expect(labels).toEqual(['Profile', 'Rank', 'Verify']);
    expect(screen.getByLabelText('Verify and sign up')).toBeInTheDocument();
  });

  it('keeps the full step names from 600 px', async () => {
    stubApi({ 'GET /auth/session': signedOut, 'GET /auth/providers': providers });
    renderAt('/signup', '/signup', <SignupPage />);
    await screen.findByRole('button', { name: 'Next' });
    const labels = [...document.querySelectorAll('.MuiStepLabel-label')].map((label) => label.textContent);
    expect(labels).toEqual(['Summoner profile', 'Rank and roles', 'Verify and sign up']);
  });
});
