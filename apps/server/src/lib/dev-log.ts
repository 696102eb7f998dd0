import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';

/**
 * Development logs a person reads: one line per request (`12:04:05 GET /api/scrims 200 4.1 ms`) instead
 * of pino's two JSON lines (incoming request, request completed), and other entries as `time LEVEL message`.
 * Production keeps pino's JSON, one object per line, for log collectors.
 */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** pino's own fields, not repeated after the message. */
const OWN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err', 'request']);

const clock = (time: unknown) => {
  const date = new Date(typeof time === 'number' ? time : Date.now());
  return date.toISOString().slice(11, 23);
};

/** A request's line: `GET /api/scrims?region=NA 200 4.1 ms`. */
export interface RequestLine {
  method: string;
  url: string;
  statusCode: number;
  ms: number;
}

/** One pino JSON line (as pino writes it) as one readable line, ending with a newline. */
export function formatLogLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = clock(entry.time);
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const request = entry.request as RequestLine | undefined;
  if (request) {
    const status = request.statusCode >= 500 ? `${request.statusCode} !` : String(request.statusCode);
    return `${time} ${request.method} ${request.url} ${status} ${request.ms.toFixed(1)} ms\n`;
  }
  const extra = Object.fromEntries(Object.entries(entry).filter(([key]) => !OWN_FIELDS.has(key)));
  const err = entry.err as { stack?: string; message?: string } | undefined;
  return [
    `${time} ${LEVELS[level] ?? level} ${typeof entry.msg === 'string' ? entry.msg : ''}`,
    Object.keys(extra).length ? ` ${JSON.stringify(extra)}` : '',
    err ? `\n${err.stack ?? err.message}` : '',
    '\n',
  ].join('');
}

/**
 * Fastify's logger options: none in tests; pino's JSON for `json` (production's default, and for a development
 * server whose log a program reads: it says when a request arrives, not only when it is answered); readable
 * lines for `pretty`.
 */
export function loggerOptions({
  nodeEnv,
  format,
  level,
  write = (line) => process.stdout.write(line),
}: {
  nodeEnv: 'development' | 'production' | 'test';
  format: 'pretty' | 'json';
  level: string;
  write?: (line: string) => void;
}): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (nodeEnv === 'test') return { logger: false };
  if (format === 'json') return { logger: { level } };
  return {
    logger: { level, stream: { write: (line: string) => write(formatLogLine(line)) } },
    // One line per request, written when it is answered (logRequests below), instead of pino's two.
    logController: new LogController({ disableRequestLogging: true }),
  };
}

/** With pretty logs, one log entry per answered request, with its status and duration. */
export function logRequests(app: FastifyInstance) {
  if (app.config.NODE_ENV === 'test' || app.config.logFormat !== 'pretty') return;
  app.addHook('onResponse', async (request, reply) => {
    const line: RequestLine = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: reply.elapsedTime,
    };
    request.log.info({ request: line });
  });
}
