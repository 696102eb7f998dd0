import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.js';

const withCode = (code: string, message = 'boom') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises an unreachable or lost database, however it is wrapped', () => {
    const refused = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed');
    const wrapped = new Error('Failed query: select 1', { cause: withCode('ECONNRESET') });
    for (const error of [
      refused,
      wrapped,
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('08006', 'connection failure'),
      withCode('53300', 'too many clients already'),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it('leaves bugs and data errors alone', () => {
    for (const error of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('22P02', 'invalid input syntax for type uuid'),
      new Error('Failed query', { cause: withCode('42P01', 'relation does not exist') }),
      null,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});
