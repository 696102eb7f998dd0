import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BanHistoryEntry, BanStatus } from '@scrim-gym/shared';
import { theme } from '../../../../app/theme';
import { BanHistoryTable } from './BanHistoryTable';

// The first render of these MUI pages can take over a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());

const at = (day: number) => new Date(2026, 0, day, 12).toISOString();
function ban(i: number, overrides: Partial<BanHistoryEntry> = {}, status: BanStatus = 'lifted'): BanHistoryEntry {
  return {
    _id: `ban-${i}`,
    _user: { _id: `user-${i}`, name: `Player ${String(i).padStart(2, '0')}`, summonerTagline: 'NA1', region: 'NA' },
    _bannedBy: null,
    dateFrom: at(i),
    dateTo: at(i + 2),
    isActive: status !== 'lifted',
    status,
    reason: `reason ${i}`,
    liftedAt: null,
    createdAt: new Date(2026, 1, 1, 0, i).toISOString(),
    ...overrides,
  };
}
/** 25 bans created in order; 23 and 24 are in force, 22 expired without being lifted. */
const BANS = Array.from({ length: 25 }, (_, i) =>
  ban(i + 1, {}, i + 1 >= 23 && i + 1 <= 24 ? 'active' : i + 1 === 22 ? 'expired' : 'lifted'),
);

/** Below 600 px when `mobile` (MUI's useMediaQuery reads matchMedia). */
function renderTable(bans = BANS, { mobile = false } = {}) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mobile && query.includes('max-width'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  }));
  const onUnban = vi.fn();
  render(
    <MemoryRouter>
      <ThemeProvider theme={theme}>
        <BanHistoryTable bans={bans} onUnban={onUnban} unbanning={null} />
      </ThemeProvider>
    </MemoryRouter>,
  );
  return { onUnban };
}

const rows = () => screen.getAllByTestId('ban-row');
const names = () => rows().map((row) => row.querySelector('a')?.textContent);
/** The pagination buttons by their labels (role queries over a whole table are slow in jsdom). */
const button = (name: RegExp) => screen.getByLabelText(name);

// MUI tables and menus in jsdom are slow on a busy machine.
describe('ban history table', { timeout: 20_000 }, () => {
  it('desktop: columns, 10 rows a page newest first, first / previous / next / last', () => {
    renderTable();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Summoner Name', 'Date From', 'Date To', 'Status', 'Reason', 'Actions']);
    expect(names()).toEqual(
      BANS.slice(15)
        .reverse()
        .map((b) => b._user.name),
    );
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();
    expect(button(/first page/i)).toBeDisabled();
    fireEvent.click(button(/next page/i));
    expect(names()[0]).toBe('Player 15');
    fireEvent.click(button(/last page/i));
    expect(names()).toEqual(['Player 05', 'Player 04', 'Player 03', 'Player 02', 'Player 01']);
    expect(button(/next page/i)).toBeDisabled();
    fireEvent.click(button(/previous page/i));
    expect(names()[0]).toBe('Player 15');
    fireEvent.click(button(/first page/i));
    expect(names()[0]).toBe('Player 25');

    fireEvent.click(button(/last page/i));
    const first = rows().at(-1)!;
    expect(first.querySelector('a')).toHaveAttribute('href', '/users/Player%2001?region=NA&tagline=NA1');
    expect(within(first).getByText('01/01/2026')).toBeInTheDocument();
    expect(within(first).getByText('01/03/2026')).toBeInTheDocument();
  });

  it('desktop page sizes: 10, 20, 30, 40, 50, 100', async () => {
    renderTable();
    await userEvent.click(screen.getByRole('combobox', { name: /rows per page/i }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['10', '20', '30', '40', '50', '100']);
    await userEvent.click(screen.getByRole('option', { name: '20' }));
    expect(rows()).toHaveLength(20);
  });

  it('below 600 px: the compact table, 3 rows a page, sizes 3 to 30', async () => {
    renderTable(BANS, { mobile: true });
    expect(rows()).toHaveLength(3);
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
    expect(screen.getByText('1–3 of 25')).toBeInTheDocument();
    fireEvent.click(button(/last page/i));
    expect(names()).toEqual(['Player 01']);
    await userEvent.click(screen.getByRole('combobox', { name: /rows/i }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['3', '5', '10', '15', '20', '25', '30']);
  });

  it('status: Active while in force, Inactive/Expired otherwise; the Expired filter shows those', async () => {
    renderTable();
    const statusOf = (name: string) =>
      within(rows().find((r) => r.textContent?.includes(name))!).getByText(/^(Active|Inactive\/Expired)$/).textContent;
    expect(statusOf('Player 22')).toBe('Inactive/Expired');
    expect(statusOf('Player 23')).toBe('Active');

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Active', 'Expired']);
    await userEvent.click(screen.getByRole('option', { name: 'Active' }));
    expect(names()).toEqual(['Player 24', 'Player 23']);
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'Expired' }));
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
  });

  it('the date dropdowns list All, then each distinct date once, newest first', async () => {
    const bans = [ban(1), ban(2, { dateFrom: at(5) }), ban(3, { dateFrom: at(5) }), ban(4, { dateFrom: at(3) })];
    renderTable(bans);
    await userEvent.click(screen.getByRole('combobox', { name: 'Date From' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['All', '01/05/2026', '01/03/2026', '01/01/2026']);
    await userEvent.click(screen.getByRole('option', { name: '01/05/2026' }));
    expect(names()).toEqual(['Player 03', 'Player 02']);
  });

  it('the name autocomplete narrows the table to one player', async () => {
    renderTable();
    const input = screen.getByRole('combobox', { name: 'Summoner Name' });
    await userEvent.type(input, 'Player 1');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toContain('Player 17');
    await userEvent.click(screen.getByRole('option', { name: 'Player 17' }));
    expect(names()).toEqual(['Player 17']);
    expect(screen.getByText('1–1 of 1')).toBeInTheDocument();
  });

  it('reasons are cut at 32 characters (full text in the title); sorting by a header', () => {
    const long = 'Repeated toxic behaviour in the scrim chat after warnings';
    renderTable([ban(1, { reason: long }), ban(2, { _user: { ...ban(2)._user, name: 'Aaron' } })]);
    const cell = screen.getByText(`${long.slice(0, 32)}…`);
    expect(cell).toHaveAttribute('title', long);
    expect(names()).toEqual(['Aaron', 'Player 01']);
    fireEvent.click(screen.getByRole('button', { name: 'Summoner Name' }));
    expect(names()).toEqual(['Aaron', 'Player 01']);
    fireEvent.click(screen.getByRole('button', { name: 'Summoner Name' }));
    expect(names()).toEqual(['Player 01', 'Aaron']);
  });

  it('offers Unban on bans still flagged active only', async () => {
    const { onUnban } = renderTable([ban(1), ban(2, {}, 'active'), ban(3, {}, 'expired')]);
    const unbans = screen.getAllByRole('button', { name: 'Unban' });
    expect(unbans).toHaveLength(2);
    await userEvent.click(unbans[1]!);
    expect(onUnban).toHaveBeenCalledWith(expect.objectContaining({ _id: 'ban-2' }));
  });

  it('says so when nothing matches', async () => {
    renderTable([]);
    expect(screen.getByText('No bans found')).toBeInTheDocument();
  });
});
