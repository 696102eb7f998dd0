const rules = new Intl.PluralRules('en');

/**
 * '1 player', '2 players', '0 players': the count and the noun in the form the count takes, by the English plural
 * rules; `plural` is for nouns that do not just take an 's'. Another language's catalogue brings its own rules.
 */
export const count = (n: number, singular: string, plural = `${singular}s`) =>
  `${n} ${rules.select(n) === 'one' ? singular : plural}`;
