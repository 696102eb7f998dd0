-- A user's rating in the current season for a scrim's win probability: {mu, sigma, games}, null when the user
-- has none yet (the seed of their rank applies).
CREATE OR REPLACE FUNCTION current_rating_json(p_user uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object('mu', r.mu, 'sigma', r.sigma, 'games', r.games_rated)
  FROM player_ratings r JOIN seasons se ON se.id = r.season_id AND se.ended_at IS NULL
  WHERE r.user_id = p_user
$$;
