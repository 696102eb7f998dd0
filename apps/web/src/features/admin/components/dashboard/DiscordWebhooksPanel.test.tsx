import { formatWhen } from '../../../../lib/datetime';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISCORD_MESSAGES, REGIONS, type DiscordWebhook } from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../../test/render';
import { DiscordWebhooksPanel } from './DiscordWebhooksPanel';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const admin = { token: 't', user: testUser({ isAdmin: true }), identity: null };
const TOKEN = 'aB3_-cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX4yZ5aB6cD7eF8gH9iJ0kL1mN2oP3qR4s';
const URL_NA = `https://discord.com/api/webhooks/123456789012345678/${TOKEN}`;
const masked = (id: string, last4: string) => `https://discord.com/api/webhooks/${id}/••••${last4}`;
const LIST: DiscordWebhook[] = REGIONS.map((region) =>
  region === 'EUW'
    ? {
        region,
        maskedUrl: masked('111111111111111111', 'wxyz'),
        updatedAt: '2026-01-01T00:00:00.000Z',
        lastDelivery: { at: '2026-01-02T18:30:00.000Z', ok: false, status: DISCORD_MESSAGES.refused(400) },
      }
    : { region, maskedUrl: null, updatedAt: null, lastDelivery: null },
);

function renderPanel(handlers: Record<string, unknown> = {}) {
  const calls = stubApi({ 'GET /auth/session': admin, 'GET /admin/regions/discord-webhooks': LIST, ...handlers });
  renderAt('/admin/dashboard', '/admin/dashboard', <DiscordWebhooksPanel />);
  return calls;
}
const regionForm = async (region: string) => within(await screen.findByRole('form', { name: region }));
const puts = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.method === 'PUT');

describe('Discord announcements panel', { timeout: 20_000 }, () => {
  it('shows each region with its masked webhook or none; Remove only where there is one', async () => {
    renderPanel();
    expect(await screen.findByRole('heading', { name: DISCORD_MESSAGES.sectionTitle })).toBeInTheDocument();
    const euw = await regionForm('EUW');
    expect(euw.getByText(DISCORD_MESSAGES.current(masked('111111111111111111', 'wxyz')))).toBeInTheDocument();
    expect(euw.getByRole('button', { name: 'Remove EUW' })).toBeEnabled();
    const na = await regionForm('NA');
    expect(na.getByText(DISCORD_MESSAGES.notSet)).toBeInTheDocument();
    expect(na.getByRole('button', { name: 'Remove NA' })).toBeDisabled();
    expect(na.getByRole('button', { name: DISCORD_MESSAGES.save })).toBeDisabled();
  });

  it("shows each webhook's last delivery in words, and sends a test message where there is a webhook", async () => {
    const calls = renderPanel({
      'POST /admin/regions/EUW/discord-webhook/test': () => ({
        body: {
          ...LIST.find((w) => w.region === 'EUW')!,
          lastDelivery: { at: '2026-01-03T09:05:00.000Z', ok: true, status: DISCORD_MESSAGES.delivered },
        },
      }),
    });
    const euw = await regionForm('EUW');
    expect(euw.getByTestId('discord-last-delivery-EUW')).toHaveTextContent(
      `Last delivery failed: Discord refused it (400), ${formatWhen('2026-01-02T18:30:00.000Z')}`,
    );
    const na = await regionForm('NA');
    expect(na.queryByRole('button', { name: `${DISCORD_MESSAGES.sendTest} (NA)` })).toBeNull();

    await userEvent.click(euw.getByRole('button', { name: `${DISCORD_MESSAGES.sendTest} (EUW)` }));
    expect(await screen.findByText(DISCORD_MESSAGES.testSent('EUW'))).toBeInTheDocument();
    expect(euw.getByTestId('discord-last-delivery-EUW')).toHaveTextContent(
      `Last delivery: delivered, ${formatWhen('2026-01-03T09:05:00.000Z')}`,
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/regions/EUW/discord-webhook/test',
    ]);
  });

  it('checks the URL with the shared schema before sending: a bad one is refused here, nothing sent', async () => {
    const calls = renderPanel();
    const na = await regionForm('NA');
    await userEvent.type(na.getByLabelText(DISCORD_MESSAGES.urlLabel('NA')), 'http://discord.com/api/webhooks/1/abc');
    await userEvent.click(na.getByRole('button', { name: DISCORD_MESSAGES.save }));
    expect(await na.findByText(DISCORD_MESSAGES.badUrl)).toBeInTheDocument();
    expect(puts(calls)).toEqual([]);
  });

  it('saves a Discord URL, then shows it masked; Remove sends null', async () => {
    let current: DiscordWebhook = {
      region: 'NA',
      maskedUrl: masked('123456789012345678', TOKEN.slice(-4)),
      updatedAt: 'x',
      lastDelivery: null,
    };
    const calls = renderPanel({
      'PUT /admin/regions/NA/discord-webhook': (init: RequestInit | undefined) => {
        const { url } = JSON.parse(String(init?.body)) as { url: string | null };
        if (url === null) current = { region: 'NA', maskedUrl: null, updatedAt: null, lastDelivery: null };
        return { body: current };
      },
    });
    const na = await regionForm('NA');
    const field = na.getByLabelText(DISCORD_MESSAGES.urlLabel('NA'));
    await userEvent.type(field, `  ${URL_NA}`);
    await userEvent.click(na.getByRole('button', { name: DISCORD_MESSAGES.save }));
    expect(await na.findByText(DISCORD_MESSAGES.current(current.maskedUrl!))).toBeInTheDocument();
    expect(await screen.findByText(DISCORD_MESSAGES.saved('NA'))).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(puts(calls).map((c) => c.body)).toEqual([{ url: URL_NA }]);

    await userEvent.click(na.getByRole('button', { name: 'Remove NA' }));
    expect(await na.findByText(DISCORD_MESSAGES.notSet)).toBeInTheDocument();
    expect(puts(calls).map((c) => c.body)).toEqual([{ url: URL_NA }, { url: null }]);
  });

  it("shows the server's refusal under the field (a local URL in production)", async () => {
    renderPanel({
      'PUT /admin/regions/OCE/discord-webhook': () => ({
        status: 400,
        body: { error: DISCORD_MESSAGES.localUrlInProduction, code: 'VALIDATION' },
      }),
    });
    const oce = await regionForm('OCE');
    await userEvent.type(oce.getByLabelText(DISCORD_MESSAGES.urlLabel('OCE')), 'http://127.0.0.1:4567/hook');
    await userEvent.click(oce.getByRole('button', { name: DISCORD_MESSAGES.save }));
    expect(await oce.findByText(DISCORD_MESSAGES.localUrlInProduction)).toBeInTheDocument();
  });
});
