import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Scrim } from '@scrim-gym/shared';
import { lastWrite, testUser } from '../../../test/render';
import { winSplit } from '../lib/balance';
import { renderScrimPage } from '../test/render-scrim';
import { hoursFromNow, makeScrim, players, scrimUser } from '../test/scrim-factory';

afterEach(() => vi.unstubAllGlobals());

const ME = testUser();
const ADMIN = testUser({ isAdmin: true });

const signup = (n: number, overrides: Partial<Scrim['signups'][number]> = {}): Scrim['signups'][number] => ({
  _user: scrimUser(n),
  primaryRole: 'Mid',
  secondaryRole: 'Fill',
  rating: { rating: 800 + n, provisional: n % 2 === 0 },
  ...overrides,
});
const signups = (count: number) => Array.from({ length: count }, (_, i) => signup(i + 1));

const renderScrim = (scrim: Scrim, { user = ME, handlers = {} }: { user?: typeof ME; handlers?: object } = {}) =>
  renderScrimPage(scrim, user, handlers);

describe('a balanced scrim', () => {
  it('lists the sign-ups with verified badge, rating and roles, the lock time, and no Join on the slots', async () => {
    const scrim = makeScrim({
      mode: 'balanced',
      signups: [signup(1, { _user: scrimUser(1, { verified: true }) }), signup(2, { primaryRole: 'ADC' })],
    });
    renderScrim(scrim);
    const list = await screen.findByRole('region', { name: 'Sign-ups' });
    expect(within(list).getByText('2/10 signed up')).toBeInTheDocument();
    expect(within(list).getByText(/Sign-ups lock at/)).toBeInTheDocument();
    expect(within(list).getByTitle('Verified Riot account')).toBeInTheDocument();
    expect(within(list).getByText('801')).toBeInTheDocument();
    expect(within(list).getByText('ADC / Fill')).toBeInTheDocument();
    expect(within(list).getByText('provisional')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();
  });

  it('signs up with the roles chosen (POST), then offers Withdraw (DELETE, at no cost: no confirm)', async () => {
    const scrim = makeScrim({ mode: 'balanced', signups: signups(3), gameStartTime: hoursFromNow(3) });
    const mine = signup(0, { _user: scrimUser(0, { _id: ME._id, name: ME.name }), primaryRole: 'Support' });
    const after = { ...scrim, signups: [...scrim.signups, mine] };
    const calls = renderScrim(scrim, {
      handlers: {
        [`POST /scrims/${scrim._id}/signup`]: after,
        [`DELETE /scrims/${scrim._id}/signup`]: scrim,
      },
    });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Primary role' }));
    await userEvent.click(screen.getByRole('option', { name: 'Support' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(lastWrite(calls)).toMatchObject({
      method: 'POST',
      path: `/scrims/${scrim._id}/signup`,
      body: { primaryRole: 'Support', secondaryRole: 'Fill' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(lastWrite(calls)).toMatchObject({ method: 'DELETE', path: `/scrims/${scrim._id}/signup` });
    expect(await screen.findByRole('button', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('from made teams, 27 minutes before: Withdraw asks first, naming the late leave and where the seat goes', async () => {
    const teams = players(10);
    teams.teamOne[2] = { ...teams.teamOne[2]!, _user: scrimUser(0, { _id: ME._id, name: ME.name }) };
    const mine = signup(0, { _user: scrimUser(0, { _id: ME._id, name: ME.name }) });
    const scrim = makeScrim({
      mode: 'balanced',
      ...teams,
      gameStartTime: hoursFromNow(0.45),
      signups: [...signups(9), mine],
    });
    const calls = renderScrim(scrim, { handlers: { [`DELETE /scrims/${scrim._id}/signup`]: scrim } });
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw from this scrim?' });
    expect(dialog).toHaveTextContent('Withdrawing now is a late leave: it counts against your reliability.');
    expect(dialog).toHaveTextContent('The other nine keep their seats.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(lastWrite(calls)).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect(lastWrite(calls)).toMatchObject({ method: 'DELETE', path: `/scrims/${scrim._id}/signup` });
  });

  it('after the lock: closed, no Sign up or Withdraw', async () => {
    const scrim = makeScrim({
      mode: 'balanced',
      gameStartTime: hoursFromNow(0.2),
      signups: [signup(0, { _user: scrimUser(0, { _id: ME._id }) })],
    });
    renderScrim(scrim);
    expect(await screen.findByText('Sign-ups are closed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign up|Withdraw/ })).not.toBeInTheDocument();
  });

  it('once balanced: the teams, "Team One (Blue Side) 52 % / Team Two (Red Side) 48 %" and the off-role mark', async () => {
    const teams = players(10);
    teams.teamOne[0] = { ...teams.teamOne[0]!, _user: scrimUser(0, { _id: ME._id, name: ME.name }) };
    const offRole = teams.teamTwo[1]!._user._id;
    const scrim = makeScrim({
      mode: 'balanced',
      ...teams,
      signups: signups(10),
      balance: { blueWinProbability: 0.5213, offRole: [offRole] },
    });
    renderScrim(scrim);
    expect(await screen.findByTestId('win-probability')).toHaveTextContent(
      'Team One (Blue Side) 52 % / Team Two (Red Side) 48 %',
    );
    const red = screen.getByRole('list', { name: /Team Two/ });
    expect(within(red).getAllByText('off-role')).toHaveLength(1);
    expect(screen.getByText('The teams are made: see your side and role below.')).toBeInTheDocument();
    // A player of the made teams withdraws in the panel, not with Leave on the slot.
    expect(screen.queryByRole('button', { name: 'Leave this game' })).not.toBeInTheDocument();
    // Full: no Sign up for a newcomer.
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
    // The teams show everyone: the sign-up list folds away, one click from being shown again.
    const panel = screen.getByRole('region', { name: 'Sign-ups' });
    expect(within(panel).queryByText('Mid / Fill')).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Show the 10 sign-ups' }));
    expect(within(panel).getAllByText('Mid / Fill')).toHaveLength(10);
    expect(within(panel).getByRole('button', { name: 'Hide the sign-ups' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('win probability and "Balance teams"', () => {
  it('shows the win probability of a full slot scrim; an admin balances it before the start', async () => {
    const scrim = makeScrim({ ...players(10), balance: { blueWinProbability: 0.47, offRole: [] } });
    const balanced = { ...scrim, balance: { blueWinProbability: 0.5, offRole: [] } };
    const calls = renderScrim(scrim, { user: ADMIN, handlers: { [`POST /scrims/${scrim._id}/balance`]: balanced } });
    expect(await screen.findByTestId('win-probability')).toHaveTextContent(
      'Team One (Blue Side) 47 % / Team Two (Red Side) 53 %',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Balance teams' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Balance teams' }));
    expect(lastWrite(calls)).toMatchObject({ method: 'POST', path: `/scrims/${scrim._id}/balance` });
    expect(await screen.findByText('Team One (Blue Side) 50 %')).toBeInTheDocument();
  });

  it('no "Balance teams" for players, nor after the start, nor on a scrim that is not full', async () => {
    const full = { ...players(10), balance: { blueWinProbability: 0.5, offRole: [] } };
    renderScrim(makeScrim(full));
    expect(await screen.findByTestId('win-probability')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Balance teams' })).not.toBeInTheDocument();
    cleanup();
    renderScrim(makeScrim({ ...full, gameStartTime: hoursFromNow(-0.1) }), { user: ADMIN });
    expect(await screen.findByTestId('win-probability')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Balance teams' })).not.toBeInTheDocument();
    cleanup();
    renderScrim(makeScrim(players(9)), { user: ADMIN });
    expect(await screen.findByRole('list', { name: /Team One/ })).toBeInTheDocument();
    expect(screen.queryByTestId('win-probability')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Balance teams' })).not.toBeInTheDocument();
  });

  it('no "Balance teams" on a cancelled scrim, even before its start', async () => {
    const cancellation = { reason: 'Not enough players', cancelledAt: hoursFromNow(-0.5) };
    const full = { ...players(10), balance: { blueWinProbability: 0.5, offRole: [] } };
    renderScrim(makeScrim({ ...full, status: 'cancelled', cancellation }), { user: ADMIN });
    expect(await screen.findByRole('list', { name: /Team One/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Balance teams' })).not.toBeInTheDocument();
    cleanup();
    renderScrim(makeScrim({ mode: 'balanced', signups: signups(10), status: 'cancelled', cancellation }), {
      user: ADMIN,
    });
    expect(await screen.findByText('Not enough players', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Balance teams' })).not.toBeInTheDocument();
  });

  it('splits into whole percents adding up to 100', () => {
    expect(winSplit(0.5213)).toEqual({ blue: 52, red: 48 });
    expect(winSplit(0.505)).toEqual({ blue: 51, red: 49 });
    expect(winSplit(1)).toEqual({ blue: 100, red: 0 });
  });
});
