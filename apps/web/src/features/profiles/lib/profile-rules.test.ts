import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { bucketLabel, customRangeState } from './activity-view';
import { banFormErrors, banInstants, defaultBanForm } from './ban-form';
import { formatListDate, soloQueueRank, summonerStatsUrl, timeAgo, truncateForWidth } from './display';

describe('truncation (name 11, tagline 3, discord 9 on wide screens)', () => {
  it('cuts long texts with an ellipsis on wide screens only', () => {
    expect(truncateForWidth('Pentakill Pete', 'name', true)).toBe('Pentakill P…');
    expect(truncateForWidth('Pentakill Pete', 'name', false)).toBe('Pentakill Pete');
    expect(truncateForWidth('Jungle Diff', 'name', true)).toBe('Jungle Diff');
    expect(truncateForWidth('FLASH', 'tagline', true)).toBe('FLA…');
    expect(truncateForWidth('NA1', 'tagline', true)).toBe('NA1');
    expect(truncateForWidth('jungle_diff#1002', 'discord', true)).toBe('jungle_di…');
  });
});

describe('formats', () => {
  it("writes list dates as 'MM/DD/yyyy hh:mm A'", () => {
    const local = new Date(2026, 0, 5, 20, 7);
    expect(formatListDate(local.toISOString())).toBe('01/05/2026 08:07 PM');
    expect(formatListDate(new Date(2026, 10, 22, 9, 30).toISOString())).toBe('11/22/2026 09:30 AM');
  });

  it('says how long ago someone was seen', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(timeAgo('2026-03-10T11:59:40Z', now)).toBe('just now');
    expect(timeAgo('2026-03-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-03-09T12:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2026-03-07T10:00:00Z', now)).toBe('3 days ago');
  });

  it("turns Riot's solo queue entry into our rank text", () => {
    expect(soloQueueRank([{ queueType: 'RANKED_SOLO_5x5', tier: 'GOLD', rank: 'II' }])).toBe('Gold 2');
    expect(soloQueueRank([{ queueType: 'RANKED_SOLO_5x5', tier: 'MASTER', rank: 'I' }])).toBe('Master');
    expect(soloQueueRank([{ queueType: 'RANKED_FLEX_SR', tier: 'IRON', rank: 'IV' }])).toBeNull();
    expect(soloQueueRank([])).toBeNull();
  });

  it('links the summoner-stats site with the Riot ID', () => {
    expect(summonerStatsUrl({ name: 'Jungle Diff', summonerTagline: 'NA1', region: 'NA' })).toBe(
      'https://op.gg/lol/summoners/na/Jungle%20Diff-NA1',
    );
    expect(summonerStatsUrl({ name: 'Baltic Carry', summonerTagline: 'EUNE', region: 'EUNE' })).toContain('/eune/');
  });
});

describe('ban form', () => {
  const now = dayjs('2026-03-10T15:30:00');

  it('defaults to today and tomorrow with an empty reason', () => {
    expect(defaultBanForm(now)).toEqual({ dateFrom: '2026-03-10', dateTo: '2026-03-11', reason: '' });
  });

  it('needs Date To after Date From and a reason', () => {
    expect(banFormErrors({ dateFrom: '2026-03-10', dateTo: '2026-03-11', reason: 'afk' })).toEqual({});
    expect(banFormErrors({ dateFrom: '2026-03-10', dateTo: '2026-03-10', reason: 'afk' })).toEqual({
      dateTo: 'Date To must be after Date From',
    });
    expect(banFormErrors({ dateFrom: '2026-03-10', dateTo: '2026-03-09', reason: ' ' })).toEqual({
      dateTo: 'Date To must be after Date From',
      reason: 'Reason is empty!',
    });
    expect(banFormErrors({ dateFrom: '', dateTo: '2026-03-09', reason: 'x' })).toEqual({
      dateFrom: 'Date From is empty!',
    });
  });

  it('starts now when From is today, else at the start of that day, and ends with the To day', () => {
    const today = banInstants({ dateFrom: '2026-03-10', dateTo: '2026-03-11', reason: 'x' }, now);
    expect(today.dateFrom).toBe(now.toISOString());
    expect(today.dateTo).toBe(dayjs('2026-03-11').endOf('day').toISOString());
    const later = banInstants({ dateFrom: '2026-03-12', dateTo: '2026-03-13', reason: 'x' }, now);
    expect(later.dateFrom).toBe(dayjs('2026-03-12').startOf('day').toISOString());
  });
});

describe('activity chart range', () => {
  it('applies a custom range once both dates are set and To is not before From', () => {
    expect(customRangeState('', '')).toBe('incomplete');
    expect(customRangeState('2026-01-01', '')).toBe('incomplete');
    expect(customRangeState('2026-02-01', '2026-01-01')).toBe('invalid');
    expect(customRangeState('2026-01-01', '2026-01-01')).toBe('ready');
  });

  it('labels days and weeks by day, months by month', () => {
    expect(bucketLabel('2026-01-05', 'week')).toBe('Jan 5');
    expect(bucketLabel('2026-01-05', 'day')).toBe('Jan 5');
    expect(bucketLabel('2026-01-01', 'month')).toBe('Jan 2026');
  });
});
