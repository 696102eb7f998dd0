/** Levenshtein edit distance, two rows of memory. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** 'Name#Tag' splits on '#': the name part matches names, the tag part taglines. */
export function parseUserQuery(query: string): { name: string; tag: string | null } {
  const [name = '', ...rest] = query.trim().split('#');
  return { name: name.trim(), tag: rest.length ? rest.join('#').trim() : null };
}
