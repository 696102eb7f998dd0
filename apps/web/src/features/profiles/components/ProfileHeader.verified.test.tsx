import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { ProfileHeader } from './ProfileHeader';

afterEach(() => vi.unstubAllGlobals());

const profile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  _id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Pentakill Pete',
  summonerTagline: 'NA1',
  region: 'NA',
  rank: 'Gold 4',
  discord: 'pete#1010',
  isAdmin: false,
  isDonator: false,
  profileBackgroundImg: 'Summoners Rift',
  profileBackgroundBlur: '20',
  createdAt: '2026-01-01T00:00:00.000Z',
  verified: false,
  rankSource: 'self',
  friendsCount: 0,
  ...overrides,
});

function renderHeader(shown: UserProfile) {
  stubApi({ 'GET /auth/session': { token: null, user: testUser(), identity: null } });
  renderAt(
    '/users/x',
    '/users/x',
    <ProfileHeader profile={shown} viewer={testUser()} isOwn={false} stats={null} openFriends={false} />,
  );
  return screen.getByRole('region', { name: `${shown.name}'s profile` });
}

describe('the profile header: verified Riot account or self-reported rank', () => {
  it('a linked account: the verified badge beside the name, the rank from Riot', () => {
    const header = renderHeader(profile({ verified: true, rankSource: 'riot', rank: 'Master' }));
    expect(within(header).getByRole('img', { name: 'Verified Riot account' })).toBeInTheDocument();
    expect(within(header).getByText('Rank from Riot')).toBeInTheDocument();
    expect(within(header).queryByText('self-reported')).not.toBeInTheDocument();
  });

  it('an unlinked account: no badge, the rank marked self-reported', () => {
    const header = renderHeader(profile());
    expect(within(header).queryByRole('img', { name: 'Verified Riot account' })).not.toBeInTheDocument();
    expect(within(header).getByText('self-reported')).toBeInTheDocument();
  });

  it("Riot's Solo/Duo rank is the rank; a different typed one is only a self-reported note", () => {
    const header = renderHeader(profile({ rankSource: 'riot', rank: 'Gold 2', selfReportedRank: 'Gold 4' }));
    expect(within(header).getByText('Rank from Riot')).toBeInTheDocument();
    expect(within(header).getByText('Gold 4 self-reported')).toBeInTheDocument();
    expect(within(header).queryByText('Solo/Duo: Gold 2')).not.toBeInTheDocument();
  });
});
