import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RIOT_LINK_MESSAGES, type CurrentUser } from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { SettingsPage } from '../pages/SettingsPage';

afterEach(() => vi.unstubAllGlobals());

const withRso = { providers: [{ id: 'riot', label: 'Riot Sign On' }], devLogin: false, tournamentCodes: true };
const withoutRso = { providers: [], devLogin: true, tournamentCodes: false };

const unlinked = testUser({ name: 'Typed Name', rank: 'Silver 1' });
const linked = testUser({
  name: 'Scrim Tester',
  summonerTagline: 'NA1',
  rank: 'Gold 2',
  verified: true,
  rankSource: 'riot',
  riotAccount: { linkedAt: '2026-01-02T00:00:00.000Z', rankRefreshedAt: '2026-01-02T00:00:00.000Z' },
});
const session = (user: CurrentUser) => ({ token: null, user, identity: null });

const section = async () => {
  const heading = await screen.findByRole('heading', { name: RIOT_LINK_MESSAGES.sectionTitle });
  return heading.closest('section')!;
};

describe('Settings: Riot account', () => {
  it('offers "Link your Riot account" as a form post to the start route; the rank is self-reported', async () => {
    stubApi({ 'GET /auth/session': session(unlinked), 'GET /auth/providers': withRso });
    renderAt('/settings', '/settings', <SettingsPage />);
    const box = await section();
    const button = within(box).getByRole('button', { name: RIOT_LINK_MESSAGES.linkButton });
    await waitFor(() => expect(button).toBeEnabled());
    const form = button.closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/riot/link/start');
    expect(button).toHaveAttribute('type', 'submit');
    expect(within(box).getByText('Rank: Silver 1 (self-reported)')).toBeInTheDocument();
    expect(within(box).queryByRole('img', { name: 'Verified Riot account' })).not.toBeInTheDocument();
    // Unlinked, the name and rank are typed by hand.
    expect(screen.getByRole('textbox', { name: /Summoner Name/ })).toBeEnabled();
  });

  it('says Riot Sign On is not configured, and the button is off', async () => {
    stubApi({ 'GET /auth/session': session(unlinked), 'GET /auth/providers': withoutRso });
    renderAt('/settings', '/settings', <SettingsPage />);
    const box = await section();
    expect(await within(box).findByText(RIOT_LINK_MESSAGES.notConfigured)).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: RIOT_LINK_MESSAGES.linkButton })).toBeDisabled();
  });

  it('linked: the Riot ID with the verified badge and the rank from Riot; name, tagline and rank are locked', async () => {
    stubApi({ 'GET /auth/session': session(linked), 'GET /auth/providers': withRso });
    renderAt('/settings', '/settings', <SettingsPage />);
    const box = await section();
    expect(within(box).getByText('Scrim Tester')).toBeInTheDocument();
    expect(within(box).getByRole('img', { name: 'Verified Riot account' })).toBeInTheDocument();
    expect(within(box).getByText('Gold 2')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Summoner Name/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Tagline/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Rank' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('"Refresh rank" shows what Riot answered; a refusal (429) is shown as the server said it', async () => {
    let answer: { status?: number; body: unknown } = {
      body: { user: { ...linked, name: 'Renamed', rank: 'Master' } },
    };
    const calls = stubApi({
      'GET /auth/session': session(linked),
      'GET /auth/providers': withRso,
      'POST /riot/link/refresh': () => answer,
    });
    renderAt('/settings', '/settings', <SettingsPage />);
    const box = await section();
    await userEvent.click(within(box).getByRole('button', { name: RIOT_LINK_MESSAGES.refreshButton }));
    expect(await screen.findByText(RIOT_LINK_MESSAGES.refreshed)).toBeInTheDocument();
    const refreshed = await section();
    expect(within(refreshed).getByText('Master')).toBeInTheDocument();
    expect(within(refreshed).getByText('Renamed')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Summoner Name/ })).toHaveValue('Renamed');
    expect(calls.filter((c) => c.path === '/riot/link/refresh')).toHaveLength(1);

    answer = { status: 429, body: { error: 'Too many requests, please slow down.', code: 'RATE_LIMITED' } };
    await userEvent.click(within(refreshed).getByRole('button', { name: RIOT_LINK_MESSAGES.refreshButton }));
    expect(await screen.findByText('Too many requests, please slow down.')).toBeInTheDocument();
  });

  it('"Unlink" brings the link button back and unlocks the fields', async () => {
    const calls = stubApi({
      'GET /auth/session': session(linked),
      'GET /auth/providers': withRso,
      'DELETE /riot/link': { user: { ...linked, verified: false, rankSource: 'self', riotAccount: null } },
    });
    renderAt('/settings', '/settings', <SettingsPage />);
    await userEvent.click(within(await section()).getByRole('button', { name: RIOT_LINK_MESSAGES.unlinkButton }));
    expect(await screen.findByText(RIOT_LINK_MESSAGES.unlinked)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: RIOT_LINK_MESSAGES.linkButton })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Summoner Name/ })).toBeEnabled();
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/riot/link' });
  });

  it.each([
    ['linked', RIOT_LINK_MESSAGES.linked],
    ['account_taken', RIOT_LINK_MESSAGES.accountTaken],
    ['state_mismatch', 'Linking expired, please try again.'],
  ])('shows the outcome ?riotLink=%s once, in its own words', async (outcome, message) => {
    stubApi({ 'GET /auth/session': session(unlinked), 'GET /auth/providers': withRso });
    renderAt(`/settings?riotLink=${outcome}`, '/settings', <SettingsPage />);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows nothing for an outcome it does not know (a crafted link puts no words on the page)', async () => {
    stubApi({ 'GET /auth/session': session(unlinked), 'GET /auth/providers': withRso });
    renderAt('/settings?riotLink=You%20won%20a%20prize', '/settings', <SettingsPage />);
    await section();
    expect(screen.queryByText(/prize/)).not.toBeInTheDocument();
  });
});

describe('Settings: preferred roles', () => {
  it('shows the roles and saves only what changed', async () => {
    const calls = stubApi({
      'GET /auth/session': session(testUser({ primaryRole: 'Mid', secondaryRole: 'Fill' })),
      'GET /auth/providers': withRso,
      'PUT /auth/update-user': (init: RequestInit | undefined) => ({
        body: { token: 't', user: testUser({ ...JSON.parse(String(init?.body)), secondaryRole: 'Fill' }) },
      }),
    });
    renderAt('/settings', '/settings', <SettingsPage />);
    const primary = await screen.findByRole('combobox', { name: 'Primary role' });
    expect(primary).toHaveTextContent('Mid');
    fireEvent.mouseDown(primary);
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Support' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ primaryRole: 'Support' });
  });
});
