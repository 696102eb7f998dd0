import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REGIONS, type CurrentUser } from '@scrim-gym/shared';
import { RequireScrimHost } from '../../../app/guards';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { makeScrim, scrimUser } from '../test/scrim-factory';
import { CreateScrimPage } from './CreateScrimPage';
import { EditScrimPage } from './EditScrimPage';

afterEach(() => vi.unstubAllGlobals());

/** A community host of EUW and OCE whose own region is NA. */
const HOST = testUser({ _id: '00000000-0000-4000-8000-000000000042', region: 'NA', hostRegions: ['EUW', 'OCE'] });
const providers = { 'GET /auth/providers': { providers: [], devLogin: true, tournamentCodes: false } };
const sessionOf = (user: CurrentUser) => ({ 'GET /auth/session': { token: 't', user, identity: null } });

function renderCreate(user: CurrentUser, handlers: Record<string, unknown> = {}) {
  const calls = stubApi({ ...sessionOf(user), ...providers, ...handlers });
  renderAt(
    '/scrims/new',
    '/scrims/new',
    <RequireScrimHost>
      <CreateScrimPage />
    </RequireScrimHost>,
    { '/scrims/:id': 'scrim detail page' },
  );
  return calls;
}

describe('a community host creates scrims', () => {
  it('in the regions they host only: the region select offers them, the first one by default', async () => {
    const user = userEvent.setup();
    const created = makeScrim({ region: 'EUW', hostedBy: scrimUser(42, { _id: HOST._id }) });
    const calls = renderCreate(HOST, { 'POST /scrims': { status: 201, body: created } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Scrim' })).toBeInTheDocument();
    const region = screen.getByRole('combobox', { name: 'Region' });
    expect(region).toHaveTextContent('EUW');
    await user.click(region);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['EUW', 'OCE']);
    await user.click(screen.getByRole('option', { name: 'OCE' }));

    await user.type(screen.getByLabelText(/^Title/), 'Host night');
    await user.click(screen.getByRole('button', { name: 'Create Scrim' }));
    expect(await screen.findByText('scrim detail page')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/scrims')!.body).toMatchObject({
      title: 'Host night',
      region: 'OCE',
    });
  });

  it('a host of their own region starts there', async () => {
    renderCreate({ ...HOST, hostRegions: ['NA', 'EUW'] });
    expect(await screen.findByRole('combobox', { name: 'Region' })).toHaveTextContent('NA');
  });

  it('an admin is offered every region', async () => {
    renderCreate(testUser({ isAdmin: true }));
    await userEvent.setup().click(await screen.findByRole('combobox', { name: 'Region' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(REGIONS.length);
  });

  it('a player who hosts nothing is sent home with no permission', async () => {
    const calls = renderCreate(testUser());
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/scrims')).toBe(false);
  });
});

describe('a community host edits scrims', () => {
  const own = makeScrim({ region: 'EUW', hostedBy: scrimUser(42, { _id: HOST._id }), lobbyPassword: 'pw123456' });
  const renderEdit = (scrim: typeof own) => {
    stubApi({ ...sessionOf(HOST), ...providers, [`GET /scrims/${scrim._id}`]: scrim });
    renderAt(
      `/scrims/${scrim._id}/edit`,
      '/scrims/:id/edit',
      <RequireScrimHost>
        <EditScrimPage />
      </RequireScrimHost>,
    );
  };

  it('their own scrim, in their regions, without the admin-only Delete', async () => {
    renderEdit(own);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Scrim' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Scrim' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Region' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['EUW', 'OCE']);
  });

  it("not another host's scrim: home with no permission", async () => {
    renderEdit({ ...own, hostedBy: scrimUser(7) });
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});
