import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signedOut, stubApi, testUser } from '../test/render';
import { RequireAdmin, RequireUser } from './guards';

afterEach(() => vi.unstubAllGlobals());

describe('guards', () => {
  it("sends a visitor home with 'Please login to continue'", async () => {
    stubApi({ 'GET /auth/session': signedOut });
    renderAt('/settings', '/settings', <RequireUser>secret settings</RequireUser>);
    expect(screen.getByText('Verifying user')).toBeInTheDocument();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(await screen.findByText('Please login to continue')).toBeInTheDocument();
    expect(screen.queryByText('secret settings')).not.toBeInTheDocument();
  });

  it('lets a signed-in user through', async () => {
    stubApi({ 'GET /auth/session': { token: 't', user: testUser(), identity: null } });
    renderAt('/settings', '/settings', <RequireUser>secret settings</RequireUser>);
    expect(await screen.findByText('secret settings')).toBeInTheDocument();
  });

  it("refuses a player on an admin page with the catalogue's message", async () => {
    stubApi({ 'GET /auth/session': { token: 't', user: testUser(), identity: null } });
    renderAt('/admin/dashboard', '/admin/dashboard', <RequireAdmin>dashboard</RequireAdmin>);
    expect(screen.getByText('Checking permissions...')).toBeInTheDocument();
    expect(await screen.findByText('You do not have permission to access this page')).toBeInTheDocument();
    // The redirect is a navigation of its own, asynchronous: it may render after the alert.
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });

  it('lets an admin through', async () => {
    stubApi({ 'GET /auth/session': { token: 't', user: testUser({ isAdmin: true }), identity: null } });
    renderAt('/admin/dashboard', '/admin/dashboard', <RequireAdmin>dashboard</RequireAdmin>);
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
  });
});
