ALTER TABLE "users" ADD COLUMN "riot_rank" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "riot_id_checked_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "riot_rank" = "rank", "riot_id_checked_at" = "rank_refreshed_at"
  WHERE "riot_linked_at" IS NOT NULL AND "rank_refreshed_at" IS NOT NULL;
--> statement-breakpoint
-- A scrim's users show the rank that counts (countedRankSql): Riot's Solo/Duo rank when known, else the typed one.
CREATE OR REPLACE FUNCTION scrim_user_json(u users) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object('id', u.id, 'name', u.name, 'summoner_tagline', u.summoner_tagline, 'region', u.region,
    'rank', coalesce(u.riot_rank, u.rank), 'discord', u.discord, 'riot_linked_at', u.riot_linked_at,
    'reliability_score', u.reliability_score)
$$;
