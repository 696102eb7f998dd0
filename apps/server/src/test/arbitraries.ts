import fc from 'fast-check';
import type { JsonSchema } from './openapi-routes.js';

/**
 * fast-check arbitraries for hostile input, driven by the OpenAPI schemas: values that pass the schema (with ids
 * of real rows, so requests reach the rules and the database), values that almost do, and values that no route
 * should ever choke on.
 */

/** Ids of rows that exist (users, scrims, conversations, …): a valid-looking id finds something. */
export interface IdPool {
  ids: readonly string[];
}

/** Strings that broke real servers: NUL (PostgreSQL rejects it in text), lone surrogates, injections, huge. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil',
  '\u200B',
  'ǅ𝔘𝔫𝔦𝔠𝔬𝔡𝔢🎮👾',
  '％００',
  '%00',
  '%',
  '%E0%A4%A',
  '../../etc/passwd',
  '..%2F..%2F',
  "' OR '1'='1' --",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '99999999999999999999999999',
  '0x1F',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '9999-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00Z',
  '2024-02-30T00:00:00Z',
  '2024-01-01',
  '\n\r\t',
  'Ａ'.repeat(300),
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'é', '🎮', '\u0000', 'ab'), fc.integer({ min: 200, max: 70_000 }))
      .map(([unit, n]) => unit.repeat(n)),
  },
);

const nastyNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, -0.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e308, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Objects whose own keys try to pollute prototypes or to smuggle identity and privileges. */
export const pollutingObject: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.constantFrom(
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '{"__proto__":null}',
      '{"isAdmin":true,"role":"admin","userId":"00000000-0000-0000-0000-000000000000"}',
      '{"toString":"x","valueOf":1,"hasOwnProperty":null}',
    ),
  )
  .map(([json]) => JSON.parse(json) as Record<string, unknown>);

const deeplyNested = fc.integer({ min: 50, max: 2000 }).map((depth) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
});

/** Any JSON value a client could send in place of the expected one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: pollutingObject },
  { weight: 1, arbitrary: deeplyNested },
  { weight: 2, arbitrary: fc.array(fc.oneof(nastyString, nastyNumber), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.json().map((text) => JSON.parse(text) as unknown) },
);

/** Dates near now (where the data is), and the ISO dates at the edges of what databases and runtimes store. */
const dateTime = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .integer({ min: -90, max: 90 })
      .map((days) => new Date(Date.now() + days * 86_400_000 + 3_600_000).toISOString()),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+14:00',
      '1969-12-31T23:59:59.999Z',
      '9999-12-31T23:59:59.999-14:00',
      '9999-12-31T23:59:59.999Z',
      '2024-02-29T12:00:00.123456789+05:45',
    ),
  },
);

/** A value that passes `schema` (mostly: patterns are not honoured), with ids drawn from `pool`. */
export function validValue(schema: JsonSchema | undefined, pool: IdPool): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return fc.oneof(fc.constant(undefined), hostileValue);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => validValue(s, pool)));
  if (schema.allOf?.length) return validValue(schema.allOf[0], pool);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const value = validByType(schema, pool);
  return schema.nullable ? fc.oneof(value, fc.constant(null)) : value;
}

function validByType(schema: JsonSchema, pool: IdPool): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return validString(schema, pool);
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1000;
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items, pool), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return validObject(schema, pool);
    default:
      return hostileValue;
  }
}

function validString(schema: JsonSchema, pool: IdPool): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pool.ids) }, { weight: 1, arbitrary: fc.uuid() });
    case 'date-time':
      return dateTime;
    case 'date':
      return dateTime.map((d) => d.slice(0, 10));
    case 'email':
      return fc.emailAddress();
    default: {
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 24));
      return fc.string({ minLength, maxLength, unit: fc.constantFrom(...'abcXYZ019 #_-é') });
    }
  }
}

function validObject(schema: JsonSchema, pool: IdPool): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, validValue(s, pool)]));
  return fc.record(record, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
}

/**
 * What a hostile client sends where `schema` is expected: a valid value, the valid value with one field
 * replaced, dropped or added, or something else entirely.
 */
export function hostileFor(schema: JsonSchema | undefined, pool: IdPool): fc.Arbitrary<unknown> {
  const valid = validValue(schema, pool);
  const keys = Object.keys(schema?.properties ?? {});
  if (schema?.type !== 'object' || keys.length === 0) {
    return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: hostileValue });
  }
  const extraKey = fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'userId', 'id', '_id', 'createdBy', 'role'),
    fc.string({ maxLength: 12 }),
  );
  const asRecord = valid as fc.Arbitrary<Record<string, unknown>>;
  const replaced = fc
    .constantFrom(...keys)
    .chain((key) => fc.tuple(fc.constant(key), fc.oneof(hostileValue, hostileFor(schema.properties![key], pool))));
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 4, arbitrary: fc.tuple(asRecord, replaced).map(([body, [key, value]]) => withOwn(body, key, value)) },
    {
      weight: 2,
      arbitrary: fc.tuple(asRecord, fc.constantFrom(...keys)).map(([body, key]) => {
        const copy = { ...body };
        delete copy[key];
        return copy;
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(asRecord, fc.array(fc.tuple(extraKey, hostileValue), { minLength: 1, maxLength: 3 }))
        .map(([body, extra]) => extra.reduce((acc, [key, value]) => withOwn(acc, key, value), body)),
    },
    { weight: 2, arbitrary: hostileValue },
  );
}

/** A copy of `object` with `key` as an own property, even `__proto__` (which an assignment would not create). */
function withOwn(object: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...object };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}
