import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Scrim } from '@scrim-gym/shared';
import { bearer } from './factories.js';
import type { Slot, TestScrim } from './scrim-factories.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Call {
  /** Sent as `Authorization: Bearer`. */
  token?: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

/** The body of insert-player / move-player for a slot ({playerData:{role, team:{name}}}). */
export const playerData = ({ team, role }: Slot) => ({ playerData: { role, team: { name: team } } });

/**
 * A PUT /api/scrims/:id body that keeps `scrim` as it was made (its title, start, lobby name and password; public,
 * no casters, the lobby host kept, no winner, no tournament code), with `changes` on top.
 */
export const editBody = (scrim: TestScrim, changes: object = {}) => ({
  title: scrim.title,
  region: 'NA',
  gameStartTime: scrim.gameStartTime.toISOString(),
  isPrivate: false,
  isWithCasters: false,
  maxCastersAllowedCount: 0,
  lobbyName: scrim.lobbyName,
  lobbyPassword: scrim.lobbyPassword,
  lobbyHost: 'keep',
  teamWon: null,
  useTournamentCode: false,
  ...changes,
});

/** Calls of the scrims API through `app.inject()`. */
export function scrimApi(app: FastifyInstance) {
  const call = (method: Method, url: string, { token, payload, headers = {} }: Call = {}) =>
    app.inject({
      method,
      url,
      headers: { ...(token && bearer(token)), ...headers },
      ...(payload !== undefined && { payload }),
    });
  const action = (scrimId: string, path: string, token: string | undefined, payload?: InjectOptions['payload']) =>
    call('PATCH', `/api/scrims/${scrimId}/${path}`, { token, payload });
  return {
    call,
    get: (scrimId: string, token?: string) => call('GET', `/api/scrims/${scrimId}`, { token }),
    /** The scrim as `token` sees it (expects a 200). */
    async read(scrimId: string, token: string): Promise<Scrim> {
      const res = await call('GET', `/api/scrims/${scrimId}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    join: (scrimId: string, userId: string, slot: Slot, token?: string) =>
      action(scrimId, `insert-player/${userId}`, token, playerData(slot)),
    move: (scrimId: string, userId: string, slot: Slot, token?: string) =>
      action(scrimId, `move-player/${userId}`, token, playerData(slot)),
    leave: (scrimId: string, userId: string, token?: string) => action(scrimId, `remove-player/${userId}`, token),
    joinCast: (scrimId: string, userId: string, token?: string) => action(scrimId, `insert-caster/${userId}`, token),
    leaveCast: (scrimId: string, userId: string, token?: string) => action(scrimId, `remove-caster/${userId}`, token),
    assign: (scrimId: string, body: object, token?: string) => action(scrimId, 'admin-assign-player', token, body),
    fillRandom: (scrimId: string, token?: string, body?: object) => action(scrimId, 'admin-fill-random', token, body),
    setWinner: (scrimId: string, winnerTeamName: string, token?: string) =>
      action(scrimId, 'set-winner', token, { winnerTeamName }),
    swap: (scrimId: string, body: object, token?: string) => action(scrimId, 'swap-players', token, body),
    /** The post-game image as the request body, in binary; its file name in the query. */
    addImage: (
      scrimId: string,
      image: Buffer,
      token?: string,
      { fileName, contentType = 'image/png' }: { fileName?: string; contentType?: string } = {},
    ) =>
      call(
        'PATCH',
        `/api/scrims/${scrimId}/add-image${fileName === undefined ? '' : `?fileName=${encodeURIComponent(fileName)}`}`,
        {
          token,
          payload: image,
          headers: { 'content-type': contentType },
        },
      ),
    removeImage: (scrimId: string, token?: string) => action(scrimId, 'remove-image', token),
  };
}

/** Asserts the API's error shape `{error, code}` with this status (and code and text when given). */
export function expectError(res: LightMyRequestResponse, status: number, code?: string, error?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as {
    error: string;
    code: string;
    scrim?: Scrim;
    details?: { path: string; message: string }[];
  };
  expect(typeof body.error).toBe('string');
  expect(body.error.length).toBeGreaterThan(0);
  expect(typeof body.code).toBe('string');
  if (code !== undefined) expect(body.code).toBe(code);
  if (error !== undefined) expect(body.error).toBe(error);
  return body;
}

/** The user ids of a scrim's slots, as `team:role` → id. */
export function slotsOf(scrim: Scrim): Record<string, string> {
  return Object.fromEntries([...scrim.teamOne, ...scrim.teamTwo].map((p) => [`${p.team.name}:${p.role}`, p._user._id]));
}

export const playerIds = (scrim: Scrim) => [...scrim.teamOne, ...scrim.teamTwo].map((p) => p._user._id);
