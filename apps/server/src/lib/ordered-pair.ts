/** A pair of user ids with the smaller first: how friendships and direct conversations store a pair. */
export const orderedPair = (a: string, b: string) => (a < b ? { low: a, high: b } : { low: b, high: a });
