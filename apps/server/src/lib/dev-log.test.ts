import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../config.js';
import { formatLogLine, loggerOptions, logRequests } from './dev-log.js';

const TIME = Date.UTC(2026, 10, 24, 12, 4, 5, 67);

/** A Fastify app logging as the server does for `nodeEnv`, with what it writes. */
async function appLogging(nodeEnv: 'development' | 'production', format: 'pretty' | 'json' = 'pretty') {
  const lines: string[] = [];
  const app = Fastify(loggerOptions({ nodeEnv, format, level: 'info', write: (line) => lines.push(line) }));
  app.decorate('config', { NODE_ENV: nodeEnv, logFormat: format } as AppConfig);
  logRequests(app);
  app.get('/api/scrims', async () => ({ ok: true }));
  // As plugins/errors.ts does: an unexpected error is logged with its stack.
  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'An error occurred' });
  });
  app.get('/api/broken', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines };
}

describe('development logs', () => {
  it('write one readable line per request: method, url, status and duration', async () => {
    const { app, lines } = await appLogging('development');
    await app.inject({ method: 'GET', url: '/api/scrims?region=NA' });
    await app.close();
    const requestLines = lines.filter((line) => line.includes('/api/scrims'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} GET \/api\/scrims\?region=NA 200 \d+\.\d ms\n$/);
    expect(lines.join('')).not.toContain('{"level"');
  });

  it('mark a server error and keep its stack', async () => {
    const { app, lines } = await appLogging('development');
    await app.inject({ method: 'GET', url: '/api/broken' });
    await app.close();
    expect(lines.filter((line) => / GET \/api\/broken 500 ! /.test(line))).toHaveLength(1);
    expect(lines.join('')).toMatch(/ERROR unhandled error\nError: boom\n\s+at /);
  });

  it('format other entries as time, level and message, with their own fields', () => {
    const line = JSON.stringify({
      level: 30,
      time: TIME,
      pid: 1,
      hostname: 'vm',
      startupMs: { listen: 4 },
      msg: 'started',
    });
    expect(formatLogLine(line)).toBe('12:04:05.067 INFO started {"startupMs":{"listen":4}}\n');
    expect(formatLogLine(JSON.stringify({ level: 40, time: TIME, msg: 'slow' }))).toBe('12:04:05.067 WARN slow\n');
    expect(formatLogLine('not json')).toBe('not json\n');
  });
});

describe('JSON logs (production, or LOG_FORMAT=json)', () => {
  it("stay pino's JSON", () => {
    const options = loggerOptions({ nodeEnv: 'production', format: 'json', level: 'info' });
    expect(options).toEqual({ logger: { level: 'info' } });
  });

  it('say when a request arrives, not only when it is answered, and add no readable line', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    app.decorate('config', { NODE_ENV: 'development', logFormat: 'json' } as AppConfig);
    logRequests(app);
    app.get('/api/scrims', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/scrims' });
    await app.close();
    const entries = lines.map((line) => JSON.parse(line) as { msg?: string });
    expect(entries.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    expect(lines.some((line) => / GET \/api\/scrims 200 /.test(line))).toBe(false);
  });
});

describe('test runs', () => {
  it('log nothing', () => {
    expect(loggerOptions({ nodeEnv: 'test', format: 'pretty', level: 'info' })).toEqual({ logger: false });
  });
});
