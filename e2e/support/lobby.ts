import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ViewportName } from './browser.js';
import { registerContext, registerPlayer, type RegisteredContext } from './journey.js';

/*
 * A lobby's people and seats as the journeys set them up through the API: ten (or more) registered players, a
 * scrim the admin creates or moves, each player in a slot or signed up for the balanced teams. What a journey
 * then watches happen in the browser is its own.
 */

export const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const;
/** The ten seats in the order the journeys fill them: Blue Top to Support, then Red. */
export const SLOTS = (['teamOne', 'teamTwo'] as const).flatMap((team) => ROLES.map((role) => ({ team, role })));
export type Slot = (typeof SLOTS)[number];

export interface PeopleSpec {
  /** Names are `<prefix> <run><i>`, handles `<prefix>-<run>-<i>` in lower case. */
  prefix: string;
  run: string;
  count: number;
  /** One rank for all, or the i-th's. Gold 2 unless told. */
  rank?: string | ((i: number) => string);
  /** The viewport of the i-th's context (desktop unless told). */
  viewports?: Record<number, ViewportName>;
  /** Those in `viewports` get a page open too (recording its errors): a `Player`. */
  withPages?: boolean;
}

/** `count` new accounts, each signed in in a browser context of its own, registered side by side. */
export function registerPeople(
  browser: Browser,
  { prefix, run, count, rank = 'Gold 2', viewports = {}, withPages = false }: PeopleSpec,
): Promise<RegisteredContext[]> {
  const handlePrefix = prefix.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-');
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      (withPages && viewports[i] ? registerPlayer : registerContext)(browser, {
        name: `${prefix} ${run}${i}`,
        handle: `${handlePrefix}-${run}-${i}`,
        tagline: 'E2E',
        rank: typeof rank === 'string' ? rank : rank(i),
        viewport: viewports[i] ?? 'desktop',
      }),
    ),
  );
}

/** The admin's (or a host's) new scrim in NA, starting `startsInMs` from now, without a tournament code unless told. */
export async function createScrimAs<T extends { _id: string }>(
  creator: BrowserContext,
  { title, startsInMs, ...extra }: { title: string; startsInMs: number } & Record<string, unknown>,
): Promise<T> {
  const res = await creator.request.post('/api/scrims', {
    data: {
      title,
      region: 'NA',
      gameStartTime: new Date(Date.now() + startsInMs).toISOString(),
      useTournamentCode: false,
      ...extra,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

export async function readScrim<T>(context: BrowserContext, scrimId: string): Promise<T> {
  const res = await context.request.get(`/api/scrims/${scrimId}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

interface EditableScrim {
  title: string;
  region?: string;
  lobbyName?: string | null;
  lobbyPassword?: string | null;
}

/**
 * The admin moves a scrim's start (admins set any start; a host only 15 minutes ahead), the rest as it is:
 * public, no casters, the manual lobby, unless `keep` says otherwise (a series game is private, with casters and a
 * tournament code); `draftTimerSeconds` sets the draft's turn time too.
 */
export async function moveStart(
  admin: BrowserContext,
  scrimId: string,
  startsAt: number,
  keep: {
    isPrivate?: boolean;
    isWithCasters?: boolean;
    maxCastersAllowedCount?: number;
    useTournamentCode?: boolean;
    draftTimerSeconds?: number;
  } = {},
) {
  const current = await readScrim<EditableScrim>(admin, scrimId);
  const moved = await admin.request.put(`/api/scrims/${scrimId}`, {
    data: {
      title: current.title,
      region: current.region ?? 'NA',
      gameStartTime: new Date(startsAt).toISOString(),
      isPrivate: false,
      isWithCasters: false,
      maxCastersAllowedCount: 0,
      lobbyName: current.lobbyName ?? current.title,
      lobbyPassword: current.lobbyPassword ?? 'secret',
      lobbyHost: 'keep',
      teamWon: null,
      useTournamentCode: false,
      ...keep,
    },
  });
  expect(moved.status(), await moved.text()).toBe(200);
}

/** `person` takes `slot` as themselves. */
export async function joinSlot(person: Pick<RegisteredContext, 'context' | 'id'>, scrimId: string, slot: Slot) {
  const res = await person.context.request.patch(`/api/scrims/${scrimId}/insert-player/${person.id}`, {
    data: { playerData: { role: slot.role, team: { name: slot.team } } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Seats `people` in SLOTS order, one after the other. */
export async function fillSlots(people: Pick<RegisteredContext, 'context' | 'id'>[], scrimId: string) {
  for (const [i, person] of people.entries()) await joinSlot(person, scrimId, SLOTS[i]!);
}

/** `person` signs up for a balanced scrim with these roles. */
export async function signUp(
  person: Pick<RegisteredContext, 'context'>,
  scrimId: string,
  primaryRole: string,
  secondaryRole: string,
) {
  const res = await person.context.request.post(`/api/scrims/${scrimId}/signup`, {
    data: { primaryRole, secondaryRole },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Marks the page, so that `expectNotReloaded` tells a live update from a reload. */
export const markNoReload = (page: Page) => page.evaluate(() => ((window as { noReload?: number }).noReload = 1));
export const expectNotReloaded = async (page: Page) =>
  expect(await page.evaluate(() => (window as { noReload?: number }).noReload)).toBe(1);
