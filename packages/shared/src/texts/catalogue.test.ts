import { describe, expect, it } from 'vitest';
import type { Catalogue, CatalogueName } from './catalogue.js';
import * as english from './en/index.js';

/** The English catalogue fills its own shape: tsc stops here when a text object holds what no language can. */
const catalogue: Catalogue = english;

/** The same names as CatalogueName, for the values at run time. */
const isCatalogueName = (name: string): name is CatalogueName =>
  /^(MESSAGES|[A-Z_]+_(MESSAGES|TEXTS|LABELS))$/.test(name);

/** The paths under `value` whose leaf is neither a text nor a function that builds one. */
const notTexts = (value: unknown, path: string): string[] =>
  typeof value === 'string' || typeof value === 'function'
    ? []
    : value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, inner]) => notTexts(inner, `${path}.${key}`))
      : [path];

describe('the English catalogue', () => {
  const names = Object.keys(english).filter(isCatalogueName);

  it('holds the text objects of every feature', () => {
    expect(names).toEqual(expect.arrayContaining(['MESSAGES', 'SCRIM_MESSAGES', 'SCRIM_TEXTS', 'TEAM_TEXTS']));
  });

  it('holds only texts: strings, and functions that build one from values', () => {
    expect(names.flatMap((name) => notTexts(catalogue[name], name))).toEqual([]);
  });
});
