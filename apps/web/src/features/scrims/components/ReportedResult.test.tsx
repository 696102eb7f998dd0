import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESULT_MESSAGES, type Scrim } from '@scrim-gym/shared';
import { testUser } from '../../../test/render';
import { clockTime } from '../lib/result';
import { renderScrimPage } from '../test/render-scrim';
import { reportedScrim } from '../test/scrim-factory';

afterEach(() => vi.unstubAllGlobals());
configure({ asyncUtilTimeout: 5000 });

/** The page as the scrim's player number `userIndex` (0–4 Blue, 5–9 Red) sees it. */
function renderAs(scrim: Scrim, userIndex: number, handlers: Record<string, unknown> = {}) {
  const me = [...scrim.teamOne, ...scrim.teamTwo][userIndex]!._user;
  return renderScrimPage(scrim, testUser({ _id: me._id, name: me.name }), handlers);
}

describe('the reported result on the scrim page', { timeout: 20_000 }, () => {
  it('says who reported and when it confirms itself; the other team confirms, the ratings show', async () => {
    const scrim = reportedScrim();
    const confirmed: Scrim = {
      ...scrim,
      result: { ...scrim.result!, status: 'confirmed', confirmBy: null, confirmedAt: new Date().toISOString() },
      ratingChanges: [
        { userId: scrim.teamOne[0]!._user._id, before: 860, after: 872 },
        { userId: scrim.teamTwo[0]!._user._id, before: 860, after: 851 },
      ],
    };
    const calls = renderAs(scrim, 6, { [`POST /scrims/${scrim._id}/confirm-result`]: confirmed });
    // Under the winner, and in the pinned Result panel of a player of the game.
    expect(
      await screen.findAllByText(RESULT_MESSAGES.reportedBy('Player 2', clockTime(scrim.result!.confirmBy!))),
    ).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Result confirmed')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/confirm-result'))!.method).toBe('POST');
    expect(await screen.findByText('Confirmed')).toBeInTheDocument();
    expect(screen.getByLabelText('Rating +12')).toHaveTextContent('+12');
    expect(screen.getByLabelText('Rating −9')).toHaveTextContent('−9');
    expect(screen.queryByRole('button', { name: 'Dispute' })).not.toBeInTheDocument();
  });

  it('disputes with a reason in a dialog; the reason shows under the winner', async () => {
    const scrim = reportedScrim();
    const disputed: Scrim = {
      ...scrim,
      result: {
        ...scrim.result!,
        status: 'disputed',
        dispute: { by: scrim.teamTwo[0]!._user._id, reason: 'Red won', createdAt: new Date().toISOString() },
      },
    };
    const calls = renderAs(scrim, 5, { [`POST /scrims/${scrim._id}/dispute-result`]: disputed });
    await userEvent.click(await screen.findByRole('button', { name: 'Dispute' }));
    const dialog = await screen.findByRole('dialog', { name: RESULT_MESSAGES.disputeTitle });
    const submit = within(dialog).getByRole('button', { name: 'Dispute' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(RESULT_MESSAGES.disputeReasonLabel), '  Red won ');
    await userEvent.click(submit);
    expect(await screen.findAllByText('Disputed: Red won')).toHaveLength(2);
    expect(calls.find((c) => c.path.endsWith('/dispute-result'))!.body).toEqual({ reason: 'Red won' });
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it('says next to a confirmed result why it moves no rating', async () => {
    const scrim = reportedScrim({
      status: 'confirmed',
      source: 'admin',
      confirmBy: null,
      confirmedAt: new Date().toISOString(),
      unrated: { reason: 'unverified', message: RESULT_MESSAGES.unrated.unverified },
    });
    renderAs(scrim, 6);
    expect(await screen.findAllByText('Unrated: fewer than 8 verified players')).not.toHaveLength(0);
    expect(screen.getAllByText('Set by an admin')).not.toHaveLength(0);
  });

  it('says where the result came from, and lists the evidence with times when the server sends it', async () => {
    const at = new Date().toISOString();
    const scrim = reportedScrim({
      status: 'confirmed',
      source: 'riot',
      confirmBy: null,
      confirmedAt: at,
      evidence: [
        { kind: 'callback', at },
        { kind: 'match-v5', at },
      ],
    });
    renderAs(scrim, 6);
    expect(await screen.findAllByText("From Riot's match")).not.toHaveLength(0);
    const list = screen.getByRole('list', { name: RESULT_MESSAGES.evidenceTitle });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Riot's game-end callback · ${clockTime(at)}`, `Riot's match · ${clockTime(at)}`]);
  });

  it('shows no evidence list without evidence, and "Confirmed by Blue" for a report Blue confirmed', async () => {
    const scrim = reportedScrim({ status: 'confirmed', confirmBy: null, confirmedBy: 'teamOne', evidence: null });
    renderAs(scrim, 6);
    expect(await screen.findAllByText('Confirmed by Blue')).not.toHaveLength(0);
    expect(screen.queryByRole('list', { name: RESULT_MESSAGES.evidenceTitle })).not.toBeInTheDocument();
  });

  it('a remade game with no result yet says "Remade"', async () => {
    const base = reportedScrim();
    renderAs({ ...base, teamWon: null, result: null, remakes: 1, status: 'live' }, 6);
    expect(await screen.findByText('Remade')).toBeInTheDocument();
  });

  it("a community host's report names the host, and the other team answers it", async () => {
    const base = reportedScrim();
    const hostUser = { ...base.teamOne[0]!._user, _id: 'host-id', name: 'Host Hanna' };
    const scrim: Scrim = { ...base, hostedBy: hostUser, result: { ...base.result!, reportedBy: 'host-id' } };
    renderAs(scrim, 6);
    expect(
      await screen.findAllByText(RESULT_MESSAGES.reportedBy('Host Hanna', clockTime(scrim.result!.confirmBy!))),
    ).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });

  it('a pending winner is no win: the banner, the status chip and the Result panel say it is pending', async () => {
    const scrim: Scrim = {
      ...reportedScrim(),
      status: 'finished',
      balance: { blueWinProbability: 0.64, offRole: [] },
    };
    renderAs(scrim, 6);
    expect(await screen.findByText('RESULT PENDING: TEAM ONE (BLUE SIDE) REPORTED A WIN')).toBeInTheDocument();
    expect(screen.getByText('Result pending: Team One (Blue Side) reported a win')).toBeInTheDocument();
    expect(screen.getByText('Result pending')).toBeInTheDocument();
    expect(screen.getByText('Team One (Blue Side) was given 64 %')).toBeInTheDocument();
    expect(screen.queryByText(/WON!/)).not.toBeInTheDocument();
    expect(screen.queryByText('Finished')).not.toBeInTheDocument();
    expect(screen.queryByText('Team One (Blue Side) won')).not.toBeInTheDocument();
    expect(screen.queryByText('Defeat')).not.toBeInTheDocument();
  });

  it('a disputed winner is no win: it waits for an admin', async () => {
    const reported = reportedScrim();
    const scrim: Scrim = {
      ...reported,
      status: 'finished',
      result: {
        ...reported.result!,
        status: 'disputed',
        confirmBy: null,
        dispute: { by: reported.teamTwo[0]!._user._id, reason: 'Red won', createdAt: new Date().toISOString() },
      },
    };
    renderAs(scrim, 1);
    expect(await screen.findByText('RESULT DISPUTED: WAITING FOR AN ADMIN')).toBeInTheDocument();
    expect(screen.getByText('Result disputed: waiting for an admin')).toBeInTheDocument();
    expect(screen.getByText('Result disputed')).toBeInTheDocument();
    expect(screen.queryByText(/WON!/)).not.toBeInTheDocument();
    expect(screen.queryByText('Finished')).not.toBeInTheDocument();
    expect(screen.queryByText('Victory')).not.toBeInTheDocument();
  });

  it("shows no buttons to the reporting captain's team", async () => {
    renderAs(reportedScrim(), 0);
    expect(await screen.findAllByText(/Reported by Player 2/)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dispute' })).not.toBeInTheDocument();
  });
});
