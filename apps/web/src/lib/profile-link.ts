/** The profile route of a user: /users/:name?region=...&tagline=... */
export function profilePath(user: { name: string; region: string; summonerTagline?: string }) {
  const query = new URLSearchParams({ region: user.region });
  if (user.summonerTagline) query.set('tagline', user.summonerTagline);
  return `/users/${encodeURIComponent(user.name)}?${query}`;
}
