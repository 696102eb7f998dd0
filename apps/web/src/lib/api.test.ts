import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, messageOf } from './api';

describe('messageOf (what an alert shows for an error)', () => {
  it('shows a text as it is', () => expect(messageOf('Players swapped!')).toBe('Players swapped!'));
  it("shows an object's message field", () => expect(messageOf(new Error('boom'))).toBe('boom'));
  it('shows other objects as JSON', () => expect(messageOf({ status: 500 })).toBe('{"status":500}'));
  it("falls back to 'An error occurred'", () => {
    expect(messageOf(undefined)).toBe('An error occurred');
    expect(messageOf({})).toBe('An error occurred');
    expect(messageOf('')).toBe('An error occurred');
  });
});

describe('request bodies', () => {
  afterEach(() => vi.unstubAllGlobals());
  const stubFetch = () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('sends objects as JSON', async () => {
    const fetch = stubFetch();
    await api.patch('/scrims/1/set-winner', { winnerTeamName: 'teamOne' });
    expect(fetch.mock.calls[0]![1]).toMatchObject({
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"winnerTeamName":"teamOne"}',
    });
  });

  it('sends a file as its own bytes with its own type (no base64, no JSON)', async () => {
    const fetch = stubFetch();
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'a.jpg', { type: 'image/jpeg' });
    await api.patch('/scrims/1/add-image?fileName=a.jpg', file);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ headers: { 'content-type': 'image/jpeg' } });
    expect(fetch.mock.calls[0]![1]!.body).toBe(file);
    await api.patch('/scrims/1/add-image', new Blob([new Uint8Array([1])]));
    expect(fetch.mock.calls[1]![1]).toMatchObject({ headers: { 'content-type': 'application/octet-stream' } });
  });
});
