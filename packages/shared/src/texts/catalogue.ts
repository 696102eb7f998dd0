import type * as English from './en/index.js';

/**
 * A text as another language writes it: any string where English has a string, a function of the same
 * parameters where English builds the text from values, the same keys all the way down.
 */
export type Translated<T> = T extends string
  ? string
  : T extends (...args: infer Args) => infer Result
    ? (...args: Args) => Translated<Result>
    : { readonly [Key in keyof T]: Translated<T[Key]> };

/**
 * The names of the catalogue's text objects. The rest of a language's folder (codes a URL carries, their guards,
 * lookups, plural rules) belongs to that language's code, not to what a translator fills.
 */
export type CatalogueName = Extract<
  keyof typeof English,
  'MESSAGES' | `${string}_MESSAGES` | `${string}_TEXTS` | `${string}_LABELS`
>;

/** What a language's catalogue holds: every text object of the English one, in the same shape. */
export type Catalogue = { readonly [Name in CatalogueName]: Translated<(typeof English)[Name]> };
