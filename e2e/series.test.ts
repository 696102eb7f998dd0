import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOARD_TEXTS,
  DRAFT_MESSAGES,
  DRAFT_ORDER,
  DRAFT_SIDE_LABELS,
  DRAFT_TEXTS,
  SERIES_TEXTS,
  type DraftSide,
  type DraftState,
  type Series,
  type SeriesSide,
  type Team,
  type TeamRole,
} from '@scrim-gym/shared';
import type { FakeRiot } from '../apps/server/src/test/fake-riot.js';
import {
  chooseOption,
  expectNoHorizontalOverflow,
  expectNoPageErrors,
  newContext,
  newPage,
  screenshot,
  waitForPath,
  waitVisible,
} from './support/browser.js';
import { runTag, skipReason, startRiotServer, useBrowser } from './support/journey.js';
import { moveStart } from './support/lobby.js';
import { e2eAccount, registerRiotAccount, registerRiotPlayers, type RiotPlayer } from './support/riot-scrims.js';
import type { RunningServer } from './support/server.js';

/**
 * A whole Bo3 series, as its two captains live it, on a server of this file's own with a Riot key pointed at the
 * fake Riot: two teams of five are made through invite links, one captain posts on /board (1280 px), the other
 * asks from a phone (390 px), the post is accepted, both set their lineups in the series page's editor. Game 1 gets
 * its tournament code at its start and its result through Riot's callback; the loser's captain picks its side of
 * game 2 on the series page, which Riot's callback then decides too: 2–0, finished.
 *
 * The series drafts fearless in the draft room: both captains draft game 1 on its scrim page (one at 1280 px, one on
 * the phone) while the admin, standing in for a caster (nobody on either roster may cast a series game), watches the
 * stream overlay; a pick is left to time out and takes the drafter's hover. Riot's match of game 1 plays one champion
 * the draft did not pick, which its scoreboard flags, and game 2's champion grid has game 1's champions taken out.
 *
 * Setup through the API, as other journeys already drive it through the pages: the accounts (registration), six
 * of the eight joins with the invite's token and the roster roles (teams.test.ts joins and sets roles on the
 * page), and the admin's move of each game's start (the series' games start 30 minutes after the post at the
 * soonest and 10 minutes after a result: an admin's edit of the scrim, PUT /api/scrims/:id, brings them to now).
 */
const RUN = runTag();
const ADMIN_EMAIL = `admin-${RUN.toLowerCase()}@series-e2e.test`;
const ROLES: TeamRole[] = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'];
const T = SERIES_TEXTS;
const D = DRAFT_TEXTS;

/*
 * Game 1's draft, chosen against the fake Riot's match (fake-riot-match.ts): with an even game id, Riot's blue
 * (team 100, the scrim's teamOne, the draft's blue) plays Aatrox, LeeSin, Ahri, Jinx, Thresh by position, red
 * Ornn, Viego, Orianna, Kaisa, Nautilus, and each side bans the fixture's five. The draft follows all of it but
 * red's mid: Syndra in the draft, Orianna in the game.
 */
const GAME1_ID = 4_700_000_000;
const DRAFT_PLAN: Record<DraftSide, Record<'ban' | 'pick', string[]>> = {
  blue: {
    ban: ['Yone', 'Zed', 'Vayne', 'Blitzcrank', 'Skarner'],
    pick: ['Aatrox', 'LeeSin', 'Ahri', 'Jinx', 'Thresh'],
  },
  red: {
    ban: ['Azir', 'Sejuani', 'Draven', 'Leona', 'Jax'],
    pick: ['Ornn', 'Viego', 'Syndra', 'Kaisa', 'Nautilus'],
  },
};
/** The pages name champions by Data Dragon's display name. */
const shownName = (champion: string) => ({ LeeSin: 'Lee Sin', Kaisa: "Kai'Sa" })[champion] ?? champion;
/** The champion of each of the 20 turns, in DRAFT_ORDER. */
const DRAFT_TURNS_PLANNED = DRAFT_ORDER.map(({ side, action }, index) => ({
  index,
  side,
  action,
  champion:
    DRAFT_PLAN[side][action][DRAFT_ORDER.slice(0, index).filter((t) => t.side === side && t.action === action).length]!,
}));
/** The pick left to time out (red's Syndra): its drafter hovers it and the server locks it when the clock runs out. */
const TIMED_OUT_TURN = DRAFT_TURNS_PLANNED.find((t) => t.champion === 'Syndra')!.index;

describe.skipIf(Boolean(skipReason))('a Bo3 series from the Scrim Board to 2–0 against the fake Riot', () => {
  let fake: FakeRiot;
  let server: RunningServer;
  const browser = useBrowser();
  let admin: BrowserContext;

  beforeAll(async () => {
    ({ fake, server } = await startRiotServer({ logName: 'server-series', adminEmail: ADMIN_EMAIL }));
    admin = await newContext(browser, server.baseURL);
    await registerRiotAccount(fake, admin, ADMIN_EMAIL, e2eAccount('Admin', 'admin'));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  /** A captain's page on the server, recording its errors. */
  const pageOf = async (player: RiotPlayer) => (await newPage(player.context, { baseURL: server.baseURL })).page;

  /** The captain creates the team on /teams and makes an invite link on its page: the team's id and the link. */
  async function createTeam(page: Page, name: string, tag: string) {
    await page.goto('/teams');
    await page.getByRole('textbox', { name: 'Team name' }).fill(name);
    await page.getByRole('textbox', { name: 'Tag' }).fill(tag);
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.waitForURL(/\/teams\/[0-9a-f-]{36}$/);
    await waitVisible(page.getByRole('heading', { level: 1, name }), `the page of ${name}`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
    await page.getByRole('button', { name: 'Create invite link' }).click();
    const link = await page.getByRole('textbox', { name: 'Invite link' }).inputValue();
    expect(link).toMatch(/\/teams\/join\/[A-Za-z0-9_-]{43}$/);
    return { teamId: new URL(page.url()).pathname.split('/').pop()!, link: new URL(link).pathname };
  }

  /** The first newcomer joins from the link on the page, the others with its token; the captain sets roles. */
  async function fillRoster(
    captain: RiotPlayer,
    teamId: string,
    link: string,
    members: RiotPlayer[],
    roles: TeamRole[],
  ) {
    const [first, ...rest] = members;
    const joiner = await pageOf(first!);
    await joiner.goto(link);
    await joiner.getByRole('button', { name: 'Join team' }).click();
    await waitForPath(joiner, `/teams/${teamId}`);
    await joiner.close();
    for (const member of rest) {
      const joined = await member.context.request.post(`/api/${link.slice(1)}`);
      expect(joined.status(), await joined.text()).toBe(200);
    }
    for (const [i, role] of roles.entries()) {
      const member = [captain, ...members][i]!;
      const set = await captain.context.request.put(`/api/teams/${teamId}/members/${member.id}`, {
        data: { role, isCaptain: member === captain },
      });
      expect(set.status(), await set.text()).toBe(200);
    }
  }

  async function readTeam(viewer: RiotPlayer, teamId: string): Promise<Team> {
    const res = await viewer.context.request.get(`/api/teams/${teamId}`);
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { team: Team }).team;
  }

  async function readSeries(captain: RiotPlayer, seriesId: string): Promise<Series> {
    const res = await captain.context.request.get(`/api/series/${seriesId}`);
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { series: Series }).series;
  }

  /**
   * The admin brings game `n` to start in a few seconds; its start job asks the fake Riot for the tournament code,
   * which the captain's series page then shows: the code.
   */
  async function startGame(captain: RiotPlayer, page: Page, seriesId: string, n: number) {
    const game = (await readSeries(captain, seriesId)).games.find((g) => g.number === n)!;
    await moveStart(admin, game.scrimId, Date.now() + 2_000, {
      isPrivate: true,
      isWithCasters: true,
      maxCastersAllowedCount: 2,
      useTournamentCode: true,
      draftTimerSeconds: 15,
    });
    await expect
      .poll(async () => (await readSeries(captain, seriesId)).games[n - 1]?.tournamentCode ?? null, {
        timeout: 30_000,
        interval: 250,
      })
      .toMatch(/^NA04/);
    await page.reload();
    const shown = gameItem(page, n).getByText(new RegExp(`^${T.code}: NA04`));
    await waitVisible(shown, `the code of game ${n}`);
    return ((await shown.textContent()) ?? '').replace(`${T.code}: `, '').trim();
  }

  /** Game `n` on the series page: its link to the scrim, its code and side choice. */
  const gameItem = (page: Page, n: number) =>
    page
      .getByRole('list', { name: T.games })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: T.openGame(n) }) });

  /** Riot's game-end callback: `winners` beat `losers` on `code` (in Riot's game `gameId`, the fake's next unless told). */
  async function riotResult(code: string, winners: RiotPlayer[], losers: RiotPlayer[], gameId?: number) {
    const stored = fake.codes.get(code);
    expect(stored, `the fake Riot made ${code}`).toBeTruthy();
    // The code is for the ten starters seated on the game's sides.
    expect(new Set(stored!.allowedParticipants)).toEqual(new Set([...winners, ...losers].map((p) => p.puuid)));
    const { callbackStatus } = await fake.finishGame({
      code,
      winningTeam: winners.map((p) => p.puuid),
      losingTeam: losers.map((p) => p.puuid),
      gameId,
    });
    expect(callbackStatus).toBe(200);
  }

  async function readDraft(player: RiotPlayer, scrimId: string): Promise<DraftState> {
    const res = await player.context.request.get(`/api/scrims/${scrimId}/draft`);
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as DraftState;
  }

  /** The drafter locks the turn's champion through the API, naming the turn it locks for. */
  async function lockByApi(drafter: RiotPlayer, scrimId: string, turn: (typeof DRAFT_TURNS_PLANNED)[number]) {
    const res = await drafter.context.request.post(`/api/scrims/${scrimId}/draft/lock`, {
      data: { champion: turn.champion, turn: turn.index },
    });
    expect(res.status(), `turn ${turn.index}: ${await res.text()}`).toBe(200);
  }

  /** The drafter locks the turn's champion on the scrim page: search, click it, Lock. */
  async function lockOnPage(page: Page, turn: (typeof DRAFT_TURNS_PLANNED)[number]) {
    const name = shownName(turn.champion);
    const grid = page.getByRole('region', { name: D.title, exact: true });
    await grid.getByRole('searchbox', { name: D.search }).fill(name);
    await grid.getByRole('button', { name, exact: true }).click();
    await grid.getByRole('button', { name: D.lock(name) }).click();
    await waitVisible(
      grid.getByRole('button', { name: D.banned(name) }).or(grid.getByRole('button', { name: D.picked(name) })),
      `${name} locked`,
    );
    await grid.getByRole('searchbox', { name: D.search }).fill('');
  }

  /** A slot of the draft as the page names it: "Blue ban 1: Yone". */
  const slotName = (side: DraftSide, action: 'ban' | 'pick', n: number, champion: string) =>
    `${(action === 'ban' ? D.banSlot : D.pickSlot)(D.sides[side], n)}: ${champion}`;

  const score = (page: Page, text: string) =>
    waitVisible(page.getByText(text, { exact: true }), `the score ${text}`, 20_000);

  it(
    'two teams made through invites book a fearless Bo3 on the board, set lineups, draft game 1 in the draft room, play it through Riot, the loser picks its side, game 2 drafts without game 1’s champions, 2–0',
    { timeout: 240_000 },
    async () => {
      const started = Date.now();
      // Ten players the fake Riot knows: the poster's five at 1280 px, the asker's five on phones (390 px).
      const players = await registerRiotPlayers({
        browser,
        baseURL: server.baseURL,
        fake,
        prefix: `Sr ${RUN}`,
        viewportOf: (i) => (i < 5 ? 'desktop' : 'mobile'),
      });
      const poster = players.slice(0, 5);
      const asker = players.slice(5);
      const [posterCaptain, askerCaptain] = [poster[0]!, asker[0]!];
      const posterName = `Alpha ${RUN}`;
      const askerName = `Bravo ${RUN}`;

      const desktop = await pageOf(posterCaptain);
      const mobile = await pageOf(askerCaptain);
      const [posterTeam, askerTeam] = await Promise.all([
        createTeam(desktop, posterName, `A${RUN.slice(-4)}`),
        createTeam(mobile, askerName, `B${RUN.slice(-4)}`),
      ]);
      // The poster's roster has a player per role; the asker's Support is still a Sub on the roster.
      await Promise.all([
        fillRoster(posterCaptain, posterTeam.teamId, posterTeam.link, poster.slice(1), ROLES),
        fillRoster(askerCaptain, askerTeam.teamId, askerTeam.link, asker.slice(1), ROLES.slice(0, 4)),
      ]);

      // The poster's captain posts a Bo3 two hours from now, in the page's time zone.
      await desktop.goto('/board');
      await desktop.getByRole('button', { name: BOARD_TEXTS.postScrim }).first().click();
      const postDialog = desktop.getByRole('dialog', { name: BOARD_TEXTS.postTitle });
      const { date, time } = await desktop.evaluate(() => {
        const at = new Date(Date.now() + 2 * 3_600_000);
        const two = (n: number) => String(n).padStart(2, '0');
        return {
          date: `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`,
          time: `${two(at.getHours())}:${two(at.getMinutes())}`,
        };
      });
      await postDialog.getByLabel(BOARD_TEXTS.date).fill(date);
      await postDialog.getByLabel(BOARD_TEXTS.time).fill(time);
      expect(await postDialog.getByRole('combobox', { name: BOARD_TEXTS.format }).textContent()).toBe(
        BOARD_TEXTS.formats.bo3,
      );
      // A fearless series, drafted in the draft room.
      await postDialog.getByLabel(BOARD_TEXTS.fearless, { exact: true }).check();
      await chooseOption(desktop, postDialog.getByRole('combobox', { name: D.formDraftRoom }), D.modes.fearless);
      await postDialog.getByRole('button', { name: BOARD_TEXTS.submitPost, exact: true }).click();
      const postOn = (page: Page) =>
        page.getByRole('article', { name: new RegExp(`^${BOARD_TEXTS.postedByPrefix(posterName)}`) });
      await waitVisible(postOn(desktop).getByText(BOARD_TEXTS.yourPost), 'the post on the board');

      // The other captain asks for it from a phone.
      await mobile.goto('/board');
      await postOn(mobile).getByRole('button', { name: BOARD_TEXTS.request, exact: true }).click();
      await mobile
        .getByRole('dialog', { name: BOARD_TEXTS.requestTitle(posterName) })
        .getByRole('button', { name: BOARD_TEXTS.sendRequest })
        .click();
      await waitVisible(postOn(mobile).getByText(BOARD_TEXTS.yourRequest(askerName), { exact: false }), 'the request');

      // The poster's captain accepts it: the series page opens.
      await desktop.reload();
      await postOn(desktop)
        .getByRole('button', { name: BOARD_TEXTS.acceptOf(askerName) })
        .click();
      await desktop
        .getByRole('dialog', { name: BOARD_TEXTS.confirmAccept(askerName) })
        .getByRole('button', { name: BOARD_TEXTS.accept, exact: true })
        .click();
      await waitVisible(desktop.getByRole('heading', { level: 1, name: new RegExp(posterName) }), 'the series page');
      const seriesPath = new URL(desktop.url()).pathname;
      expect(seriesPath).toMatch(/^\/series\/[0-9a-f-]{36}$/);
      const seriesId = seriesPath.split('/').pop()!;
      await mobile.goto(seriesPath);

      // Lineups: the poster's captain saves the roster's suggestion; the asker's moves its sub to Support.
      const posterForm = desktop.getByRole('form', { name: T.editLineup(posterName) });
      for (const [i, role] of ROLES.entries()) {
        expect(await posterForm.getByRole('combobox', { name: new RegExp(`^${role}`) }).textContent()).toContain(
          poster[i]!.name,
        );
      }
      await posterForm.getByRole('button', { name: T.saveLineup }).click();
      await waitVisible(desktop.getByText(T.lineupSaved), 'the poster’s lineup saved');

      const askerForm = mobile.getByRole('form', { name: T.editLineup(askerName) });
      await waitVisible(askerForm.getByText(T.lineupSuggested), 'the suggested lineup');
      await chooseOption(mobile, askerForm.getByRole('combobox', { name: new RegExp(`^${T.sub(1)}`) }), T.noPlayer);
      await chooseOption(
        mobile,
        askerForm.getByRole('combobox', { name: /^Support/ }),
        `${asker[4]!.name} (${T.rosterRole('Sub')})`,
      );
      await askerForm.getByRole('button', { name: T.saveLineup }).click();
      await waitVisible(mobile.getByText(T.lineupSaved), 'the asker’s lineup saved');

      await desktop.reload();
      const lineupList = desktop.getByRole('list', { name: T.lineupOf(askerName) });
      for (const player of asker) await waitVisible(lineupList.getByText(player.name), `${player.name} in the lineup`);
      const booked = await readSeries(posterCaptain, seriesId);
      expect(booked.format).toBe('bo3');
      expect(booked.draft).toBe('fearless');
      await waitVisible(desktop.getByText(D.seriesDraft(D.modes.fearless), { exact: true }), 'the series’ draft');
      const posterSide = booked.teams.find((t) => t.team?._id === posterTeam.teamId)!.side;
      const askerSide: SeriesSide = posterSide === 'blue' ? 'red' : 'blue';
      // The score reads blue's wins first (game 1's sides).
      const scoreLine = (posterWins: number) =>
        posterSide === 'blue' ? T.scoreValue(posterWins, 0) : T.scoreValue(0, posterWins);
      await score(desktop, scoreLine(0));
      await screenshot(desktop, 'series-lineups-1280');
      await screenshot(mobile, 'series-lineups-390');

      // Game 1: the code at the start, the poster's win through Riot's callback.
      const code1 = await startGame(posterCaptain, desktop, seriesId, 1);

      // Game 1's draft: the blue side is the scrim's teamOne, which the series' coin flip gave `posterSide`.
      const game1 = (await readSeries(posterCaptain, seriesId)).games.find((g) => g.number === 1)!;
      const captainOf: Record<DraftSide, RiotPlayer> = {
        blue: posterSide === 'blue' ? posterCaptain : askerCaptain,
        red: posterSide === 'blue' ? askerCaptain : posterCaptain,
      };
      const draftDesktop = await pageOf(posterCaptain);
      const draftMobile = await pageOf(askerCaptain);
      const draftPageOf: Record<DraftSide, Page> = {
        blue: posterSide === 'blue' ? draftDesktop : draftMobile,
        red: posterSide === 'blue' ? draftMobile : draftDesktop,
      };
      const draftSection = (page: Page) => page.getByRole('region', { name: D.title, exact: true });
      for (const page of [draftDesktop, draftMobile]) {
        await page.goto(`/scrims/${game1.scrimId}`);
        await waitVisible(draftSection(page).getByText(D.waiting), 'the draft waiting for both sides');
        await waitVisible(draftSection(page).getByText(D.modes.fearless, { exact: true }), 'the fearless draft');
      }
      const before = await readDraft(posterCaptain, game1.scrimId);
      expect([before.mode, before.status, before.timerSeconds, before.unavailable]).toEqual([
        'fearless',
        'waiting',
        15,
        [],
      ]);
      // The admin watches the stream overlay at 1280 px (a caster's view: no controls).
      const overlay = (await newPage(admin, { baseURL: server.baseURL })).page;
      await overlay.goto(`/scrims/${game1.scrimId}/draft/overlay`);
      await waitVisible(
        overlay.getByRole('listitem', { name: slotName('blue', 'pick', 1, D.emptySlot) }),
        'the overlay',
      );
      expect(await overlay.getByRole('button').count()).toBe(0);

      // Both captains press Ready on their pages: the draft starts.
      for (const side of ['blue', 'red'] as const) {
        await draftSection(draftPageOf[side])
          .getByRole('button', { name: D.ready(D.sides[side]) })
          .click();
      }
      await expect
        .poll(async () => (await readDraft(posterCaptain, game1.scrimId)).status, { timeout: 10_000, interval: 200 })
        .toBe('running');
      const running = await readDraft(posterCaptain, game1.scrimId);
      expect(running.drafters).toEqual({ blue: captainOf.blue.id, red: captainOf.red.id });
      expect(running.turn).toMatchObject({ index: 0, side: 'blue', action: 'ban' });

      // The first two bans on the pages, each reaching the overlay live; the others through the API, but for the
      // pick left to time out.
      const slotOnOverlay = (turn: (typeof DRAFT_TURNS_PLANNED)[number]) => {
        const n = DRAFT_PLAN[turn.side][turn.action].indexOf(turn.champion) + 1;
        const name = slotName(turn.side, turn.action, n, shownName(turn.champion));
        return overlay.getByRole('listitem', { name, exact: true });
      };
      for (const turn of DRAFT_TURNS_PLANNED) {
        if (turn.index < 2) await lockOnPage(draftPageOf[turn.side], turn);
        else if (turn.index !== TIMED_OUT_TURN) await lockByApi(captainOf[turn.side], game1.scrimId, turn);
        else {
          // Red's drafter suggests Syndra and lets the clock run out: the server locks the hover.
          const hovered = await captainOf.red.context.request.post(`/api/scrims/${game1.scrimId}/draft/hover`, {
            data: { champion: turn.champion },
          });
          expect(hovered.status(), await hovered.text()).toBe(200);
          await waitVisible(
            draftSection(draftPageOf.red).getByText(D.hovering(turn.champion), { exact: true }).first(),
            'the hover on its side’s page',
          );
          // The draft mid-way on both pages while the clock runs.
          await screenshot(draftDesktop, 'series-draft-1280');
          await screenshot(draftMobile, 'series-draft-390');
          await expectNoHorizontalOverflow(draftMobile, 'the draft at 390 px');
          // The other side never sees a hover.
          const otherSide = draftSection(draftPageOf.blue);
          expect(await otherSide.getByText(D.hovering(turn.champion)).count()).toBe(0);
          expect(await otherSide.getByRole('img', { name: D.hovering(turn.champion) }).count()).toBe(0);
          await expect
            .poll(async () => (await readDraft(posterCaptain, game1.scrimId)).turn?.index ?? null, {
              timeout: 40_000,
              interval: 500,
            })
            .toBe(turn.index + 1);
          expect((await readDraft(posterCaptain, game1.scrimId)).red.picks.map((p) => p.champion)).toEqual([
            'Ornn',
            'Viego',
            'Syndra',
          ]);
        }
        // Picks and bans reach the overlay as they come, without a reload.
        if (turn.index < 2 || turn.action === 'pick')
          await waitVisible(slotOnOverlay(turn), `turn ${turn.index} on the overlay`);
      }
      const drafted = await readDraft(posterCaptain, game1.scrimId);
      expect(drafted.status).toBe('done');
      for (const side of ['blue', 'red'] as const) {
        expect(drafted[side].bans).toEqual(DRAFT_PLAN[side].ban);
        expect(drafted[side].picks.map((p) => p.champion)).toEqual(DRAFT_PLAN[side].pick);
      }
      await waitVisible(slotOnOverlay(DRAFT_TURNS_PLANNED.at(-1)!), 'the last pick on the overlay');
      await screenshot(overlay, 'series-draft-overlay-1280');
      for (const page of [draftDesktop, draftMobile])
        await waitVisible(draftSection(page).getByText(D.done), 'the draft over');

      const ratingsBefore = await Promise.all([posterTeam, askerTeam].map((t) => readTeam(posterCaptain, t.teamId)));
      await riotResult(code1, poster, asker, GAME1_ID);
      await expect
        .poll(async () => (await readSeries(posterCaptain, seriesId)).games.length, { timeout: 20_000, interval: 250 })
        .toBe(2);
      await Promise.all([desktop.reload(), mobile.reload()]);
      await score(desktop, scoreLine(1));
      await score(mobile, scoreLine(1));
      await waitVisible(desktop.getByText(T.winner(posterName), { exact: true }), 'game 1’s winner');

      // Game 1's scoreboard, fetched from Riot by a job, flags the one champion played that was not drafted.
      const draftCheck = draftDesktop.getByRole('region', { name: DRAFT_MESSAGES.draftCheckTitle });
      await waitVisible(draftCheck, 'the draft check on the scoreboard', 30_000);
      expect(await draftCheck.getByRole('listitem').allTextContents()).toEqual([
        DRAFT_MESSAGES.playedNotDrafted(DRAFT_SIDE_LABELS.red, 'Orianna', 'Syndra'),
      ]);
      await draftCheck.scrollIntoViewIfNeeded();
      await screenshot(draftDesktop, 'series-draft-check-1280');

      // The loser's captain picks its side of game 2 (the sides alternated: it takes back its side of game 1);
      // the winner's captain only reads who picks.
      const pickGroup = mobile.getByRole('group', { name: T.pickSide(2) });
      await waitVisible(pickGroup, 'the side choice for the loser’s captain');
      await waitVisible(desktop.getByText(new RegExp(`^${askerName} picks its side for this game until`)), 'who picks');
      expect(await desktop.getByRole('group', { name: T.pickSide(2) }).count()).toBe(0);
      const game2Sides = (side: SeriesSide) =>
        side === 'blue' ? T.gameSides(askerName, posterName) : T.gameSides(posterName, askerName);
      const game2Link = (page: Page) => page.getByRole('link', { name: T.openGame(2) });
      expect(await game2Link(mobile).textContent()).toContain(game2Sides(posterSide));
      await screenshot(mobile, 'series-side-choice-390');
      await screenshot(desktop, 'series-after-game1-1280');
      await pickGroup.getByRole('button', { name: askerSide === 'blue' ? T.playBlue : T.playRed }).click();
      await waitVisible(mobile.getByText(T.sidePicked(T.sideNames[askerSide])), 'the side picked');
      await waitVisible(game2Link(mobile).getByText(game2Sides(askerSide)), 'game 2 with the picked side');
      expect(await pickGroup.count()).toBe(0);
      await desktop.reload();
      await waitVisible(game2Link(desktop).getByText(game2Sides(askerSide)), 'game 2’s sides for the winner');

      // Game 2: the code at its start, the poster's win through Riot's callback: 2–0, finished.
      const code2 = await startGame(posterCaptain, desktop, seriesId, 2);
      expect(code2).not.toBe(code1);

      // Game 2's draft, fearless: game 1's champions, drafted or played (Orianna), are out for both sides.
      const game2 = (await readSeries(posterCaptain, seriesId)).games.find((g) => g.number === 2)!;
      await draftMobile.goto(`/scrims/${game2.scrimId}`);
      const posterReady = await posterCaptain.context.request.post(`/api/scrims/${game2.scrimId}/draft/ready`, {
        data: { side: posterSide },
      });
      expect(posterReady.status(), await posterReady.text()).toBe(200);
      await draftSection(draftMobile)
        .getByRole('button', { name: D.ready(D.sides[askerSide]) })
        .click();
      const grid2 = draftSection(draftMobile);
      for (const champion of ['Aatrox', 'Orianna', 'Syndra', 'Nautilus']) {
        const button = grid2.getByRole('button', { name: D.unavailable(champion), exact: true });
        await waitVisible(button, `${champion} unavailable in game 2`);
        expect(await button.isDisabled()).toBe(true);
      }
      await waitVisible(grid2.getByText(D.fearlessUnavailable(11)), 'the count of champions taken out');
      expect(await grid2.getByRole('button', { name: 'Yone', exact: true }).isDisabled()).toBe(false);
      await expectNoHorizontalOverflow(draftMobile, 'game 2’s draft at 390 px');
      await screenshot(draftMobile, 'series-draft-game2-390');
      await riotResult(code2, poster, asker);
      await expect
        .poll(async () => (await readSeries(posterCaptain, seriesId)).status, { timeout: 20_000, interval: 250 })
        .toBe('finished');
      await Promise.all([desktop.reload(), mobile.reload()]);
      for (const page of [desktop, mobile]) {
        await score(page, scoreLine(2));
        await waitVisible(page.getByText(T.status.finished, { exact: true }), 'the series finished');
      }
      const finished = await readSeries(askerCaptain, seriesId);
      expect(finished.games).toHaveLength(2);
      expect(finished.games.map((g) => g.winnerTeamId)).toEqual([posterTeam.teamId, posterTeam.teamId]);
      expect(finished.teams.map((t) => [t.team?._id, t.score])).toEqual(
        expect.arrayContaining([
          [posterTeam.teamId, 2],
          [askerTeam.teamId, 0],
        ]),
      );
      // The teams' ratings moved by the two games (the winner's up, the loser's down), their records and
      // reliability count the series played.
      const posterAfter = await readTeam(askerCaptain, posterTeam.teamId);
      const askerAfter = await readTeam(askerCaptain, askerTeam.teamId);
      expect(posterAfter.rating.mu).toBeGreaterThan(ratingsBefore[0]!.rating.mu);
      expect(askerAfter.rating.mu).toBeLessThan(ratingsBefore[1]!.rating.mu);
      expect([posterAfter.record, askerAfter.record]).toEqual([
        { wins: 2, losses: 0 },
        { wins: 0, losses: 2 },
      ]);
      for (const team of [posterAfter, askerAfter])
        expect(team.reliability).toEqual({ score: null, played: 1, lateCancels: 0, noShows: 0 });
      await expectNoHorizontalOverflow(mobile, 'series page (390 px)');
      await screenshot(desktop, 'series-finished-1280');
      await screenshot(mobile, 'series-finished-390');
      for (const page of [desktop, mobile, draftDesktop, draftMobile, overlay]) expectNoPageErrors(page);
      console.log(`[e2e] series journey ${Date.now() - started} ms`);
    },
  );
});
