import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { SummonerIcon } from './SummonerIcon';

const USER = { name: 'Pete', summonerTagline: 'NA1', region: 'NA' as const };

function renderIcon(ddragon: { version: string; baseUrl?: string }) {
  stubApi({
    'GET /auth/session': { token: 't', user: testUser(), identity: null },
    'GET /riot/summoner': { profileIconId: 588, summonerLevel: 212, rankedData: [], fallback: false },
    'GET /riot/ddragon-version': ddragon,
  });
  const { container } = renderAt('/', '/', <SummonerIcon user={USER} />);
  return () => container.querySelector('img')!;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('The profile icon (Data Dragon from the server)', () => {
  it("loads from the server's DDRAGON_BASE_URL", async () => {
    const img = renderIcon({ version: '14.24.1', baseUrl: 'http://127.0.0.1:4010' });
    await waitFor(() =>
      expect(img()).toHaveAttribute('src', 'http://127.0.0.1:4010/cdn/14.24.1/img/profileicon/588.png'),
    );
    expect(screen.getByLabelText('Summoner level 212')).toBeInTheDocument();
  });

  it('loads from the public Data Dragon when the server names no base URL', async () => {
    const img = renderIcon({ version: '14.23.1' });
    await waitFor(() =>
      expect(img()).toHaveAttribute('src', 'https://ddragon.leagueoflegends.com/cdn/14.23.1/img/profileicon/588.png'),
    );
  });
});
