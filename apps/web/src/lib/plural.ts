const rules = new Intl.PluralRules('en');

/**
 * '1 player', '2 players', '0 players': the count and the noun in the form the count takes. The app's texts are
 * English, so the English plural rules pick the form; `plural` is for nouns that do not just take an 's'.
 */
export const count = (n: number, singular: string, plural = `${singular}s`) =>
  `${n} ${rules.select(n) === 'one' ? singular : plural}`;
