import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DRAFT_STATS_TEXTS, type DraftStats } from '@scrim-gym/shared';
import { DraftStatsSection } from './DraftStatsSection';

const NONE: DraftStats = {
  games: 0,
  firstPick: { games: 0, wins: 0 },
  secondPick: { games: 0, wins: 0 },
  champions: [],
};

describe('DraftStatsSection', () => {
  it('renders nothing before a drafted game, or while the stats are not there', () => {
    expect(render(<DraftStatsSection stats={NONE} ddragon={null} />).container).toBeEmptyDOMElement();
    expect(render(<DraftStatsSection stats={undefined} ddragon={null} />).container).toBeEmptyDOMElement();
  });

  it('shows both sides even when one has no game, and no champion table without picks', () => {
    const stats: DraftStats = { ...NONE, games: 1, secondPick: { games: 1, wins: 1 } };
    render(<DraftStatsSection stats={stats} ddragon={null} level={3} />);
    const section = screen.getByRole('region', { name: DRAFT_STATS_TEXTS.title });
    expect(within(section).getByRole('heading', { level: 3 })).toHaveTextContent(DRAFT_STATS_TEXTS.title);
    expect(within(section).getByText('1 drafted game')).toBeInTheDocument();
    expect(
      within(section)
        .getAllByTestId('draft-side-row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      [DRAFT_STATS_TEXTS.firstPick, '0', '0', '0%'],
      [DRAFT_STATS_TEXTS.secondPick, '1', '1', '100%'],
    ]);
    expect(within(section).queryByRole('table', { name: DRAFT_STATS_TEXTS.championsTitle })).not.toBeInTheDocument();
  });
});
