CREATE TYPE "public"."scrim_post_status" AS ENUM('open', 'closed', 'deleted');--> statement-breakpoint
CREATE TYPE "public"."scrim_request_status" AS ENUM('open', 'accepted', 'declined', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."series_format" AS ENUM('bo1', 'bo2', 'bo3', 'bo5', 'games3', 'games4', 'games5');--> statement-breakpoint
CREATE TYPE "public"."series_side" AS ENUM('blue', 'red');--> statement-breakpoint
CREATE TYPE "public"."series_status" AS ENUM('scheduled', 'live', 'finished', 'cancelled');--> statement-breakpoint
CREATE TABLE "scrim_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"region" "region" NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"format" "series_format" NOT NULL,
	"fearless" boolean NOT NULL,
	"rank_min" smallint,
	"rank_max" smallint,
	"note" text,
	"status" "scrim_post_status" DEFAULT 'open' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrim_posts_rank_range_ck" CHECK ("scrim_posts"."rank_min" is null or "scrim_posts"."rank_max" is null or "scrim_posts"."rank_min" <= "scrim_posts"."rank_max")
);
--> statement-breakpoint
CREATE TABLE "scrim_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"note" text,
	"status" "scrim_request_status" DEFAULT 'open' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid,
	"request_id" uuid,
	"region" "region" NOT NULL,
	"format" "series_format" NOT NULL,
	"fearless" boolean NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" "series_status" DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_teams" (
	"series_id" uuid NOT NULL,
	"side" "series_side" NOT NULL,
	"team_id" uuid,
	"is_poster" boolean NOT NULL,
	"score" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "series_teams_series_id_side_pk" PRIMARY KEY("series_id","side")
);
--> statement-breakpoint
ALTER TABLE "scrim_posts" ADD CONSTRAINT "scrim_posts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_posts" ADD CONSTRAINT "scrim_posts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_requests" ADD CONSTRAINT "scrim_requests_post_id_scrim_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."scrim_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_requests" ADD CONSTRAINT "scrim_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_requests" ADD CONSTRAINT "scrim_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_post_id_scrim_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."scrim_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_request_id_scrim_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."scrim_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_teams" ADD CONSTRAINT "series_teams_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_teams" ADD CONSTRAINT "series_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scrim_posts_board_region_idx" ON "scrim_posts" USING btree ("region","starts_at","id") WHERE "scrim_posts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "scrim_posts_board_idx" ON "scrim_posts" USING btree ("starts_at","id") WHERE "scrim_posts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "scrim_posts_team_idx" ON "scrim_posts" USING btree ("team_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scrim_requests_one_open_uq" ON "scrim_requests" USING btree ("post_id","team_id") WHERE "scrim_requests"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "scrim_requests_one_accepted_uq" ON "scrim_requests" USING btree ("post_id") WHERE "scrim_requests"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "scrim_requests_post_idx" ON "scrim_requests" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "scrim_requests_team_idx" ON "scrim_requests" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "series_post_uq" ON "series" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "series_status_starts_idx" ON "series" USING btree ("status","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "series_teams_team_uq" ON "series_teams" USING btree ("series_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "series_teams_one_poster_uq" ON "series_teams" USING btree ("series_id") WHERE "series_teams"."is_poster";--> statement-breakpoint
CREATE INDEX "series_teams_team_idx" ON "series_teams" USING btree ("team_id");