import { describe, expect, it } from 'vitest';
import { DISCORD_MESSAGES } from '../texts/en/discord.js';
import { discordWebhookBodySchema, isDiscordWebhookUrl, isLocalWebhookUrl, maskWebhookUrl } from './discord.js';

const TOKEN = 'aB3_-cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX4yZ5aB6cD7eF8gH9iJ0kL1mN2oP3qR4s';

describe('Discord webhook URLs', () => {
  it('accept Discord’s execute URLs only', () => {
    expect(isDiscordWebhookUrl(`https://discord.com/api/webhooks/123456789012345678/${TOKEN}`)).toBe(true);
    expect(isDiscordWebhookUrl(`https://discord.com/api/webhooks/123456789012345678/${TOKEN}/slack`)).toBe(false);
    expect(isDiscordWebhookUrl(`https://DISCORD.com/api/webhooks/123456789012345678/${TOKEN}`)).toBe(false);
    expect(isDiscordWebhookUrl(`https://discord.com/api/webhooks/123/${TOKEN}`)).toBe(false);
  });

  it('accept local test endpoints on a real port only', () => {
    expect(isLocalWebhookUrl('http://127.0.0.1:65535/')).toBe(true);
    expect(isLocalWebhookUrl('http://localhost:1')).toBe(true);
    expect(isLocalWebhookUrl('http://localhost:65536/')).toBe(false);
    expect(isLocalWebhookUrl('http://localhost:0/')).toBe(false);
    expect(isLocalWebhookUrl('http://localhost:80@evil.test/')).toBe(false);
  });

  it('mask the token, keeping its last four characters when it is long enough to spare them', () => {
    expect(maskWebhookUrl(`https://discord.com/api/webhooks/123456789012345678/${TOKEN}`)).toBe(
      'https://discord.com/api/webhooks/123456789012345678/••••qR4s',
    );
    expect(maskWebhookUrl('http://localhost:8080/hook')).toBe('http://localhost:8080/••••');
  });

  it('the body takes a URL (trimmed) or null, and explains a refusal', () => {
    const url = `https://discord.com/api/webhooks/123456789012345678/${TOKEN}`;
    expect(discordWebhookBodySchema.parse({ url: ` ${url}\n` })).toEqual({ url });
    expect(discordWebhookBodySchema.parse({ url: null })).toEqual({ url: null });
    expect(discordWebhookBodySchema.safeParse({ url: 'ftp://discord.com' }).error?.issues[0]?.message).toBe(
      DISCORD_MESSAGES.badUrl,
    );
    expect(discordWebhookBodySchema.safeParse({}).success).toBe(false);
  });
});
