-- A user as a scrim shows them: the columns of ScrimUserRow (scrims/core/scrims.repository.ts), named as in the table. The
-- rank shown is Riot's Solo/Duo rank when Riot has answered for the account, else the one typed at sign-up.
CREATE OR REPLACE FUNCTION scrim_user_json(u users) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object('id', u.id, 'name', u.name, 'summoner_tagline', u.summoner_tagline, 'region', u.region,
    'rank', coalesce(u.riot_rank, u.rank), 'discord', u.discord, 'riot_linked_at', u.riot_linked_at,
    'reliability_score', u.reliability_score, 'reliability_commitments', u.reliability_commitments)
$$;
