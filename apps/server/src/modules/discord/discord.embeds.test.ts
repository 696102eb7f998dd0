import { describe, expect, it } from 'vitest';
import { ALL_SLOTS } from '../../test/scrim-factories.js';
import type { ScrimAggregate } from '../scrims/index.js';
import { EMBED_LIMITS, buildAnnouncement, clip, escapeMarkdown } from './discord.embeds.js';

/** A scrim as the job reads it, with only what the embeds look at. */
function aggregate(overrides: Partial<ScrimAggregate['scrim']> = {}, players = 0): ScrimAggregate {
  return {
    scrim: {
      id: 's1',
      title: 'Scrim',
      region: 'NA',
      gameStartTime: new Date('2030-01-01T20:00:00Z'),
      isPrivate: false,
      cancelledAt: null,
      abandonedAt: null,
      teamWon: null,
      resultStatus: null,
      lobbyName: 'SecretLobby',
      lobbyPassword: 'SecretPass',
      ...overrides,
    },
    participants: ALL_SLOTS.slice(0, players).map((slot, i) => ({
      kind: 'player',
      ...slot,
      user: { id: `u${i}`, name: `*Player_${i}*`, summonerTagline: 'NA1' },
    })),
  } as unknown as ScrimAggregate;
}
const link = 'https://scrim-gym.test/scrims/s1';

describe('the announcement embeds', () => {
  it("keep to Discord's limits however long the title", () => {
    const payload = buildAnnouncement(aggregate({ title: '_'.repeat(400) }), 'created', { link })!;
    const [embed] = payload.embeds;
    expect(embed.title.length).toBeLessThanOrEqual(EMBED_LIMITS.title);
    expect(embed.title.endsWith('…')).toBe(true);
    expect(embed.title).not.toMatch(/[^\\]\\…$/); // never cut inside an escape
    expect(embed.description.length).toBeLessThanOrEqual(EMBED_LIMITS.description);
    expect(embed.fields.length).toBeLessThanOrEqual(EMBED_LIMITS.fields);
    expect(payload.allowed_mentions).toEqual({ parse: [] });
  });

  it('escape markdown in titles and names, and never carry the lobby name or password', () => {
    const payload = buildAnnouncement(aggregate({ title: '**Bold** [x](y)' }, 10), 'full', { link })!;
    expect(payload.embeds[0].title).toBe('Lobby full: \\*\\*Bold\\*\\* \\[x\\]\\(y\\)');
    expect(payload.embeds[0].fields[2]!.value).toContain('Top: \\*Player\\_0\\*\\#NA1');
    expect(JSON.stringify(payload)).not.toMatch(/SecretLobby|SecretPass/);
  });

  it('post nothing that is no longer true', () => {
    expect(buildAnnouncement(aggregate({ isPrivate: true }), 'created', { link })).toBeNull();
    expect(buildAnnouncement(aggregate({ cancelledAt: new Date() }), 'created', { link })).toBeNull();
    expect(buildAnnouncement(aggregate({}, 7), 'spots-left', { link })).toBeNull();
    expect(buildAnnouncement(aggregate({}, 10), 'spots-left', { link })).toBeNull();
    expect(buildAnnouncement(aggregate({}, 9), 'full', { link })).toBeNull();
    const pending = aggregate({ teamWon: 'teamOne', resultStatus: 'pending' }, 10);
    expect(buildAnnouncement(pending, 'result', { link, team: 'teamOne' })).toBeNull();
    const confirmed = aggregate({ teamWon: 'teamOne', resultStatus: 'confirmed' }, 10);
    expect(buildAnnouncement(confirmed, 'result', { link, team: 'teamTwo' })).toBeNull();
    expect(buildAnnouncement(confirmed, 'result', { link, team: 'teamOne' })!.embeds[0].description).toBe(
      'Team One (Blue Side) won.',
    );
  });

  it('escapeMarkdown and clip', () => {
    expect(escapeMarkdown('a_b*c`d|e>f~g\\h')).toBe('a\\_b\\*c\\`d\\|e\\>f\\~g\\\\h');
    expect(clip('abc', 3)).toBe('abc');
    expect(clip('abcd', 3)).toBe('ab…');
    expect(clip('a\\*b', 3)).toBe('a…');
  });
});
