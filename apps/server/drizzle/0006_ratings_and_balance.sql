CREATE TYPE "public"."result_source" AS ENUM('captain', 'admin', 'riot');--> statement-breakpoint
CREATE TYPE "public"."result_status" AS ENUM('pending', 'confirmed', 'disputed');--> statement-breakpoint
CREATE TYPE "public"."role_preference" AS ENUM('Top', 'Jungle', 'Mid', 'ADC', 'Support', 'Fill');--> statement-breakpoint
CREATE TYPE "public"."scrim_mode" AS ENUM('slots', 'balanced');--> statement-breakpoint
CREATE TABLE "result_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scrim_id" uuid NOT NULL,
	"user_id" uuid,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid
);
--> statement-breakpoint
CREATE TABLE "scrim_signups" (
	"scrim_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"primary_role" "role_preference" NOT NULL,
	"secondary_role" "role_preference" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrim_signups_scrim_id_user_id_pk" PRIMARY KEY("scrim_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "player_ratings" (
	"season_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"region" "region" NOT NULL,
	"mu" double precision NOT NULL,
	"sigma" double precision NOT NULL,
	"rating" integer NOT NULL,
	"games_rated" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_ratings_season_id_user_id_pk" PRIMARY KEY("season_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "rated_results" (
	"scrim_id" uuid PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rated_results_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_won" "team" NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating_history" (
	"scrim_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"season_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"team" "team" NOT NULL,
	"role" "role" NOT NULL,
	"won" boolean NOT NULL,
	"mu_before" double precision NOT NULL,
	"sigma_before" double precision NOT NULL,
	"mu_after" double precision NOT NULL,
	"sigma_after" double precision NOT NULL,
	"rating_before" integer NOT NULL,
	"rating_after" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_history_scrim_id_user_id_pk" PRIMARY KEY("scrim_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "riot_linked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rank_refreshed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "primary_role" "role_preference" DEFAULT 'Fill' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "secondary_role" "role_preference" DEFAULT 'Fill' NOT NULL;--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "mode" "scrim_mode" DEFAULT 'slots' NOT NULL;--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "balanced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "balance_blue_win_probability" double precision;--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "balance_off_role" uuid[];--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "result_status" "result_status";--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "result_source" "result_source";--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "result_reported_by" uuid;--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "result_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "result_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "result_disputes" ADD CONSTRAINT "result_disputes_scrim_id_scrims_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."scrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_disputes" ADD CONSTRAINT "result_disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_disputes" ADD CONSTRAINT "result_disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_signups" ADD CONSTRAINT "scrim_signups_scrim_id_scrims_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."scrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_signups" ADD CONSTRAINT "scrim_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rated_results" ADD CONSTRAINT "rated_results_scrim_id_scrims_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."scrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rated_results" ADD CONSTRAINT "rated_results_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_scrim_id_rated_results_scrim_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."rated_results"("scrim_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "result_disputes_open_uq" ON "result_disputes" USING btree ("scrim_id") WHERE "result_disputes"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "result_disputes_created_at_idx" ON "result_disputes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "scrim_signups_user_idx" ON "scrim_signups" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "player_ratings_board_idx" ON "player_ratings" USING btree ("season_id","rating" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "player_ratings_region_board_idx" ON "player_ratings" USING btree ("season_id","region","rating" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rated_results_season_seq_uq" ON "rated_results" USING btree ("season_id","seq");--> statement-breakpoint
CREATE INDEX "rating_history_user_idx" ON "rating_history" USING btree ("user_id","season_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_current_uq" ON "seasons" USING btree ((true)) WHERE "seasons"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "scrims" ADD CONSTRAINT "scrims_result_reported_by_users_id_fk" FOREIGN KEY ("result_reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_linked_puuid_uq" ON "users" USING btree ("riot_puuid") WHERE "users"."riot_linked_at" is not null;--> statement-breakpoint
-- The first rating season; an admin starts the next ones.
INSERT INTO "seasons" ("name") VALUES ('Season 1');--> statement-breakpoint
-- Results recorded before results needed confirming are final as they are (they are not rated: ratings start
-- with this season).
UPDATE "scrims" SET "result_status" = 'confirmed', "result_source" = 'admin', "result_confirmed_at" = "updated_at"
WHERE "team_won" IS NOT NULL;--> statement-breakpoint
-- A user as a scrim shows them: also whether the Riot account is verified (linked through Riot Sign On).
CREATE OR REPLACE FUNCTION scrim_user_json(u users) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object('id', u.id, 'name', u.name, 'summoner_tagline', u.summoner_tagline, 'region', u.region,
    'rank', u.rank, 'discord', u.discord, 'riot_linked_at', u.riot_linked_at)
$$;--> statement-breakpoint
-- A user's rating in the current season for a scrim's win probability: {mu, sigma, games}, null when the user
-- has none yet (the seed of their rank applies).
CREATE FUNCTION current_rating_json(p_user uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object('mu', r.mu, 'sigma', r.sigma, 'games', r.games_rated)
  FROM player_ratings r JOIN seasons se ON se.id = r.season_id AND se.ended_at IS NULL
  WHERE r.user_id = p_user
$$;--> statement-breakpoint
-- Everything a scrim's presentation needs (ScrimAggregate), or null when there is no such scrim. Issue 16 adds
-- each player's current rating, a balanced scrim's sign-ups, the rating changes of a rated result and the open
-- dispute.
CREATE OR REPLACE FUNCTION scrim_aggregate(p_scrim uuid) RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'scrim', to_json(s),
      'creator', (SELECT scrim_user_json(u) FROM users u WHERE u.id = s.created_by),
      'host', (SELECT scrim_user_json(u) FROM users u WHERE u.id = s.lobby_host_id),
      'image_at', (SELECT i.created_at FROM post_game_images i WHERE i.scrim_id = s.id),
      'tournament', (SELECT to_json(t) FROM riot_tournaments t WHERE t.scrim_id = s.id),
      'participants', coalesce((
        SELECT json_agg(json_build_object('kind', p.kind, 'team', p.team, 'role', p.role,
            'joined_at', p.joined_at, 'user', scrim_user_json(u),
            'rating', CASE WHEN p.kind = 'player' THEN current_rating_json(u.id) END)
          ORDER BY p.joined_at, p.user_id)
        FROM scrim_participants p JOIN users u ON u.id = p.user_id
        WHERE p.scrim_id = s.id), '[]'),
      'signups', coalesce((
        SELECT json_agg(json_build_object('primary_role', g.primary_role, 'secondary_role', g.secondary_role,
            'created_at', g.created_at, 'user', scrim_user_json(u), 'rating', current_rating_json(u.id))
          ORDER BY g.created_at, g.user_id)
        FROM scrim_signups g JOIN users u ON u.id = g.user_id
        WHERE g.scrim_id = s.id), '[]'),
      'rating_changes', coalesce((
        SELECT json_agg(json_build_object('user_id', h.user_id, 'rating_before', h.rating_before,
            'rating_after', h.rating_after) ORDER BY h.user_id)
        FROM rating_history h WHERE h.scrim_id = s.id), '[]'),
      'dispute', (
        SELECT json_build_object('id', d.id, 'user_id', d.user_id, 'reason', d.reason, 'created_at', d.created_at)
        FROM result_disputes d WHERE d.scrim_id = s.id AND d.resolved_at IS NULL))
    FROM scrims s WHERE s.id = p_scrim);
END
$$;
