ALTER TABLE "users" ADD COLUMN "reliability_commitments" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "users" u SET "reliability_commitments" = (
  SELECT count(*) FROM (SELECT 1 FROM "scrim_commitments" c WHERE c."user_id" = u."id" LIMIT 20) last)
  WHERE EXISTS (SELECT 1 FROM "scrim_commitments" c WHERE c."user_id" = u."id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION scrim_user_json(u users) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object('id', u.id, 'name', u.name, 'summoner_tagline', u.summoner_tagline, 'region', u.region,
    'rank', coalesce(u.riot_rank, u.rank), 'discord', u.discord, 'riot_linked_at', u.riot_linked_at,
    'reliability_score', u.reliability_score, 'reliability_commitments', u.reliability_commitments)
$$;
