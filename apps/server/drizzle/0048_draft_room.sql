CREATE TYPE "public"."draft_action" AS ENUM('ban', 'pick');--> statement-breakpoint
CREATE TYPE "public"."draft_mode" AS ENUM('none', 'tournament', 'fearless');--> statement-breakpoint
CREATE TYPE "public"."draft_side" AS ENUM('blue', 'red');--> statement-breakpoint
CREATE TYPE "public"."draft_status" AS ENUM('waiting', 'running', 'done', 'reset');--> statement-breakpoint
CREATE TABLE "scrim_draft_hovers" (
	"scrim_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"side" "draft_side" NOT NULL,
	"champion" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrim_draft_hovers_scrim_id_user_id_pk" PRIMARY KEY("scrim_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "scrim_draft_turns" (
	"scrim_id" uuid NOT NULL,
	"turn_index" smallint NOT NULL,
	"side" "draft_side" NOT NULL,
	"action" "draft_action" NOT NULL,
	"champion" text,
	"role" "role",
	"timed_out" boolean DEFAULT false NOT NULL,
	"locked_by" uuid,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrim_draft_turns_scrim_id_turn_index_pk" PRIMARY KEY("scrim_id","turn_index"),
	CONSTRAINT "scrim_draft_turns_index_ck" CHECK ("scrim_draft_turns"."turn_index" between 0 and 19),
	CONSTRAINT "scrim_draft_turns_pick_ck" CHECK ("scrim_draft_turns"."action" = 'ban' or "scrim_draft_turns"."champion" is not null)
);
--> statement-breakpoint
CREATE TABLE "scrim_drafts" (
	"scrim_id" uuid PRIMARY KEY NOT NULL,
	"status" "draft_status" DEFAULT 'waiting' NOT NULL,
	"turn_index" smallint DEFAULT 0 NOT NULL,
	"turn_ends_at" timestamp with time zone,
	"ready_blue" boolean DEFAULT false NOT NULL,
	"ready_red" boolean DEFAULT false NOT NULL,
	"drafter_blue" uuid,
	"drafter_red" uuid,
	"reset_asked_blue" boolean DEFAULT false NOT NULL,
	"reset_asked_red" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrim_drafts_turn_ck" CHECK ("scrim_drafts"."turn_index" between 0 and 20),
	CONSTRAINT "scrim_drafts_running_ck" CHECK (("scrim_drafts"."status" = 'running') = ("scrim_drafts"."turn_ends_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "draft" "draft_mode" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "draft_timer_seconds" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "scrim_posts" ADD COLUMN "draft" "draft_mode" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "draft" "draft_mode" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "scrim_draft_hovers" ADD CONSTRAINT "scrim_draft_hovers_scrim_id_scrim_drafts_scrim_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."scrim_drafts"("scrim_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_draft_hovers" ADD CONSTRAINT "scrim_draft_hovers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_draft_turns" ADD CONSTRAINT "scrim_draft_turns_scrim_id_scrim_drafts_scrim_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."scrim_drafts"("scrim_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_draft_turns" ADD CONSTRAINT "scrim_draft_turns_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_drafts" ADD CONSTRAINT "scrim_drafts_scrim_id_scrims_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."scrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_drafts" ADD CONSTRAINT "scrim_drafts_drafter_blue_users_id_fk" FOREIGN KEY ("drafter_blue") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_drafts" ADD CONSTRAINT "scrim_drafts_drafter_red_users_id_fk" FOREIGN KEY ("drafter_red") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scrim_draft_turns_champion_uq" ON "scrim_draft_turns" USING btree ("scrim_id","champion") WHERE "scrim_draft_turns"."champion" is not null;--> statement-breakpoint
CREATE INDEX "scrim_draft_turns_champion_idx" ON "scrim_draft_turns" USING btree ("champion") WHERE "scrim_draft_turns"."action" = 'pick';--> statement-breakpoint
ALTER TABLE "scrims" ADD CONSTRAINT "scrims_draft_timer_ck" CHECK ("scrims"."draft_timer_seconds" between 15 and 90);--> statement-breakpoint
ALTER TABLE "scrims" ADD CONSTRAINT "scrims_fearless_series_ck" CHECK ("scrims"."draft" <> 'fearless' or "scrims"."series_game");--> statement-breakpoint
ALTER TABLE "scrim_posts" ADD CONSTRAINT "scrim_posts_draft_ck" CHECK ("scrim_posts"."draft" = 'none' or ("scrim_posts"."draft" = 'fearless') = "scrim_posts"."fearless");--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_draft_ck" CHECK ("series"."draft" = 'none' or ("series"."draft" = 'fearless') = "series"."fearless");