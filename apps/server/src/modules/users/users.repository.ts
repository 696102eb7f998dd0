import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Region } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** LIKE patterns treat the user's text literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users whose name or tagline contains `name` (and whose tagline starts with `tag`), best candidates first. */
export function findUsersMatching({
  db,
  name,
  tag,
  region,
  limit,
}: {
  db: DbOrTx;
  name: string;
  tag: string | null;
  region?: Region;
  limit: number;
}) {
  const conditions: (SQL | undefined)[] = [];
  if (name) {
    const pattern = `%${escapeLike(name)}%`;
    conditions.push(
      tag === null ? or(ilike(users.name, pattern), ilike(users.summonerTagline, pattern)) : ilike(users.name, pattern),
    );
  }
  if (tag) conditions.push(ilike(users.summonerTagline, `${escapeLike(tag)}%`));
  if (region) conditions.push(eq(users.region, region));
  return db
    .select({
      id: users.id,
      name: users.name,
      summonerTagline: users.summonerTagline,
      region: users.region,
      rank: users.rank,
    })
    .from(users)
    .where(and(...conditions))
    .orderBy(sql`position(lower(${name}) in lower(${users.name})) = 0`, sql`length(${users.name})`, asc(users.name))
    .limit(limit);
}
