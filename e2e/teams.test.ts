import { describe, expect, it } from 'vitest';
import {
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  newPage,
  screenshot,
  waitVisible,
} from './support/browser.js';
import { baseURL, registerPlayer, runTag, skipReason, useBrowser } from './support/journey.js';

/**
 * A team is made, as captains and players feel it on the shared journeys' server: a captain creates the team on
 * /teams (1280 px), makes an invite link; a player opens it signed out (390 px), is offered the sign-in, then
 * joins with a click; the captain sets the newcomer's role and makes them a captain; the newcomer's page offers
 * them the captain's tools and never the owner's.
 */
const RUN = runTag();

describe.skipIf(Boolean(skipReason))('teams: create, invite, join, roles', () => {
  const browser = useBrowser();

  it(
    'a captain creates a team and invites a player, who joins from the link; roles and captains are set on the page',
    { timeout: 180_000 },
    async () => {
      const owner = await registerPlayer(browser, {
        name: `Owl ${RUN}`,
        handle: `team-owner-${RUN}`,
        tagline: 'E2E',
        rank: 'Gold 2',
        viewport: 'desktop',
      });
      const teamName = `Night Owls ${RUN}`;
      const tag = RUN.replace(/[^A-Z0-9]/g, '')
        .slice(0, 5)
        .padEnd(2, 'Q');
      const page = owner.page;
      await page.goto('/teams');
      await waitVisible(
        page.getByText('You are not on a team yet. Create one, or ask a captain for an invite link.'),
        'the empty state',
      );
      await page.getByRole('textbox', { name: 'Team name' }).fill(teamName);
      await page.getByRole('textbox', { name: 'Tag' }).fill(tag.toLowerCase());
      expect(await page.getByRole('textbox', { name: 'Tag' }).inputValue(), 'the tag is typed in capitals').toBe(tag);
      await page.getByRole('button', { name: 'Create team' }).click();
      await page.waitForURL(/\/teams\/[0-9a-f-]{36}$/);
      await waitVisible(page.getByRole('heading', { level: 1, name: teamName }), 'the team page');
      await waitVisible(page.getByText(`[${tag}] · NA`), 'the tag and region');
      await expectNoSeriousA11yViolations(page, 'team page (owner)');
      await expectNoHorizontalOverflow(page, 'team page (owner)');

      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      await page.getByRole('button', { name: 'Create invite link' }).click();
      const link = await page.getByRole('textbox', { name: 'Invite link' }).inputValue();
      expect(link).toMatch(/\/teams\/join\/[A-Za-z0-9_-]{43}$/);
      await screenshot(page, 'teams-owner-invite-1280', { fullPage: true });

      // A player opens the link signed out on a phone: the sign-in is offered, nobody joins by visiting.
      const { page: visitor, context: visitorContext } = await newPage(browser, { baseURL, viewport: 'mobile' });
      await visitor.goto(new URL(link).pathname);
      await waitVisible(visitor.getByRole('button', { name: 'Sign in to join' }), 'the sign-in offer');
      await visitorContext.close();

      const player = await registerPlayer(browser, {
        name: `Fledgling ${RUN}`,
        handle: `team-player-${RUN}`,
        tagline: 'E2E',
        rank: 'Silver 1',
        viewport: 'mobile',
      });
      await player.page.goto(new URL(link).pathname);
      await player.page.getByRole('button', { name: 'Join team' }).click();
      await player.page.waitForURL(/\/teams\/[0-9a-f-]{36}$/);
      const roster = player.page.getByRole('list', { name: 'Roster' });
      await waitVisible(roster.getByRole('link', { name: player.name }), 'the newcomer on the roster');
      await waitVisible(player.page.getByRole('button', { name: 'Leave team' }), 'a member may leave');
      expect(await player.page.getByRole('button', { name: 'Create invite link' }).count()).toBe(0);
      await expectNoHorizontalOverflow(player.page, 'team page (member, 390 px)');
      await screenshot(player.page, 'teams-member-390', { fullPage: true });

      // The captain gives the newcomer the Jungle and the captaincy.
      await page.reload();
      const newcomerRow = page.getByRole('listitem').filter({ hasText: player.name });
      await newcomerRow.getByRole('combobox', { name: /^Role/ }).click();
      await page.getByRole('option', { name: 'Jungle', exact: true }).click();
      await waitVisible(page.getByText(`${player.name}'s place on the team is saved`), 'the role saved');
      await page.getByRole('switch', { name: `${player.name} is a captain` }).click();
      await expect
        .poll(async () => (await page.request.get(new URL(page.url()).pathname.replace('/teams', '/api/teams'))).json())
        .toMatchObject({
          team: {
            members: expect.arrayContaining([
              expect.objectContaining({
                role: 'Jungle',
                isCaptain: true,
                user: expect.objectContaining({ name: player.name }),
              }),
            ]),
          },
        });

      // Now a captain: the newcomer's page offers the captain's tools, never the owner's.
      await player.page.reload();
      await waitVisible(player.page.getByRole('button', { name: 'Create invite link' }), "the captain's invite tool");
      await waitVisible(player.page.getByRole('button', { name: 'Edit team' }), "the captain's edit");
      expect(await player.page.getByRole('button', { name: 'Delete team' }).count()).toBe(0);
      expect(await player.page.getByRole('button', { name: 'Make owner' }).count()).toBe(0);
      await expectNoSeriousA11yViolations(player.page, 'team page (captain, 390 px)');
      await screenshot(player.page, 'teams-captain-390', { fullPage: true });
    },
  );
});
