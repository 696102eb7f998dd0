import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALENDAR_TEXTS } from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { SettingsPage } from '../pages/SettingsPage';

afterEach(() => vi.unstubAllGlobals());

const OLD = 'https://scrim-gym.test/api/calendar/oldSecret0123456789abcdefghijk.ics';
const NEW = 'https://scrim-gym.test/api/calendar/newSecret0123456789abcdefghijk.ics';
const session = { token: null, user: testUser(), identity: null };
const providers = { providers: [], devLogin: true, tournamentCodes: false };

function renderSettings(handlers: object = {}) {
  const calls = stubApi({
    'GET /auth/session': session,
    'GET /auth/providers': providers,
    'GET /calendar': { url: OLD },
    ...handlers,
  });
  renderAt('/settings', '/settings', <SettingsPage />);
  return calls;
}

const section = async () =>
  (await screen.findByRole('heading', { name: CALENDAR_TEXTS.title, level: 2 })).closest('section')!;
const addressField = (box: HTMLElement) => within(box).getByRole('textbox', { name: CALENDAR_TEXTS.addressLabel });

describe('Settings: calendar', () => {
  it('shows the feed address read-only, says what it is for, and copies it', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderSettings();
    const box = await section();
    expect(within(box).getByText(CALENDAR_TEXTS.explanation)).toBeInTheDocument();
    await waitFor(() => expect(addressField(box)).toHaveValue(OLD));
    expect(addressField(box)).toHaveAttribute('readonly');

    await userEvent.click(within(box).getByRole('button', { name: CALENDAR_TEXTS.copy }));
    expect(writeText).toHaveBeenCalledWith(OLD);
    expect(await screen.findByText(CALENDAR_TEXTS.copied)).toBeInTheDocument();
  });

  it('offers the feed as a webcal:// subscription and to Google Calendar by URL', async () => {
    renderSettings();
    const box = await section();
    const subscribe = await within(box).findByRole('link', { name: CALENDAR_TEXTS.subscribe });
    expect(subscribe).toHaveAttribute('href', OLD.replace('https://', 'webcal://'));
    const google = within(box).getByRole('link', { name: CALENDAR_TEXTS.google });
    const href = new URL(google.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(href.searchParams.get('cid')).toBe(OLD.replace('https://', 'webcal://'));
    expect(google).toHaveAttribute('target', '_blank');
    expect(google.getAttribute('rel')).toContain('noopener');
  });

  it('"Reset address" asks first; cancelled, nothing is sent', async () => {
    const calls = renderSettings({ 'POST /calendar/rotate': { url: NEW } });
    const box = await section();
    await waitFor(() => expect(addressField(box)).toHaveValue(OLD));
    await userEvent.click(within(box).getByRole('button', { name: CALENDAR_TEXTS.reset }));
    const dialog = await screen.findByRole('dialog', { name: CALENDAR_TEXTS.resetTitle });
    expect(within(dialog).getByText(CALENDAR_TEXTS.resetText)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.path === '/calendar/rotate')).toBe(false);
    expect(addressField(box)).toHaveValue(OLD);
  });

  it('"Reset address", confirmed, shows the new address', async () => {
    const calls = renderSettings({ 'POST /calendar/rotate': { url: NEW } });
    const box = await section();
    await waitFor(() => expect(addressField(box)).toHaveValue(OLD));
    await userEvent.click(within(box).getByRole('button', { name: CALENDAR_TEXTS.reset }));
    const dialog = await screen.findByRole('dialog', { name: CALENDAR_TEXTS.resetTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: CALENDAR_TEXTS.reset }));
    await waitFor(() => expect(addressField(box)).toHaveValue(NEW));
    expect(await screen.findByText(CALENDAR_TEXTS.resetDone)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/calendar/rotate')).toHaveLength(1);
  });

  it('shows the refusal when the address cannot be read, and offers no reset', async () => {
    // A 4xx is not retried (a 5xx is, twice, with back-off).
    renderSettings({
      'GET /calendar': () => ({ status: 404, body: { error: 'Calendar unavailable', code: 'NOT_FOUND' } }),
    });
    const box = await section();
    expect(await within(box).findByText('Calendar unavailable')).toBeInTheDocument();
    expect(within(box).queryByRole('textbox', { name: CALENDAR_TEXTS.addressLabel })).not.toBeInTheDocument();
    expect(within(box).getByRole('button', { name: CALENDAR_TEXTS.reset })).toBeDisabled();
  });
});
