import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommunityHost, Region, ScrimUser } from '@scrim-gym/shared';
import { RequireAdmin } from '../../../app/guards';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { CommunityHostsPage } from './CommunityHostsPage';

afterEach(() => vi.unstubAllGlobals());

const person = (n: number, name: string): ScrimUser => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name,
  summonerTagline: 'NA1',
  region: 'NA',
  rank: 'Gold 2',
  discord: name.toLowerCase(),
  verified: false,
  reliability: null,
});
const hosty = person(42, 'Hosty');
const faker = person(43, 'Faker Fan');

/** The admin's page over a stubbed API whose host list follows the grants and revokes. */
function renderPage(user = testUser({ isAdmin: true })) {
  let hosts: CommunityHost[] = [{ user: hosty, regions: ['NA', 'EUW'] }];
  const calls = stubApi({
    'GET /auth/session': { token: 't', user, identity: null },
    'GET /admin/hosts': () => ({ body: hosts }),
    'GET /users/search': { users: [{ ...faker }] },
    'POST /admin/hosts': (init: RequestInit | undefined) => {
      const { region } = JSON.parse(String(init?.body)) as { region: Region };
      hosts = [...hosts, { user: faker, regions: [region] }];
      return { status: 201, body: hosts.at(-1) };
    },
    // The test revokes EUW first, then everything.
    [`DELETE /admin/hosts/${hosty._id}`]: () => {
      hosts = hosts[0]!.regions.length > 1 ? [{ user: hosty, regions: ['NA'] }] : [];
      return { body: hosts[0] ?? { user: hosty, regions: [] } };
    },
  });
  renderAt(
    '/admin/hosts',
    '/admin/hosts',
    <RequireAdmin>
      <CommunityHostsPage />
    </RequireAdmin>,
  );
  return calls;
}

describe('Community Hosts (admin)', () => {
  it('lists each host with their regions, linking to their profile', async () => {
    renderPage();
    const row = await screen.findByRole('listitem', { name: 'Hosty' });
    expect(within(row).getByRole('link', { name: 'Hosty#NA1' })).toHaveAttribute(
      'href',
      '/users/Hosty?region=NA&tagline=NA1',
    );
    expect(within(row).getByText('NA')).toBeInTheDocument();
    expect(within(row).getByText('EUW')).toBeInTheDocument();
  });

  it('makes a player found by name a host of a region', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    await screen.findByRole('listitem', { name: 'Hosty' });
    const grant = screen.getByRole('button', { name: 'Make host' });
    expect(grant).toBeDisabled();
    await user.type(screen.getByRole('combobox', { name: 'Search a player by name' }), 'Fak');
    await user.click(await screen.findByRole('option', { name: /Faker Fan#NA1/ }));
    // The player's own region is proposed; the admin picks another.
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveTextContent('NA');
    await user.click(screen.getByRole('combobox', { name: 'Region' }));
    await user.click(screen.getByRole('option', { name: 'OCE' }));
    await user.click(grant);
    expect(await screen.findByText('Faker Fan is now a community host of OCE')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ userId: faker._id, region: 'OCE' });
    const row = await screen.findByRole('listitem', { name: 'Faker Fan' });
    expect(within(row).getByText('OCE')).toBeInTheDocument();
  });

  it('revokes one region after a confirm, or every region', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    const row = await screen.findByRole('listitem', { name: 'Hosty' });
    await user.click(within(row).getByRole('button', { name: 'Revoke EUW' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Hosty as community host of EUW?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke EUW' }));
    expect(await screen.findByText('Hosty is no longer a community host of EUW')).toBeInTheDocument();
    const one = calls.find((c) => c.method === 'DELETE')!;
    expect([one.path, one.query]).toEqual([`/admin/hosts/${hosty._id}`, 'region=EUW']);

    const left = await screen.findByRole('listitem', { name: 'Hosty' });
    expect(within(left).queryByText('EUW')).not.toBeInTheDocument();
    await user.click(within(left).getByRole('button', { name: 'Revoke all' }));
    const all = await screen.findByRole('dialog', { name: 'Remove Hosty as community host of NA?' });
    await user.click(within(all).getByRole('button', { name: 'Revoke all' }));
    expect(await screen.findByText('No community hosts yet')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').at(-1)!.query).toBe('');
  });

  it('a player is sent home: the page is for admins', async () => {
    const calls = renderPage(testUser());
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/hosts')).toBe(false);
  });
});
