CREATE TABLE "match_participants" (
	"scrim_id" uuid NOT NULL,
	"participant_id" smallint NOT NULL,
	"puuid" text NOT NULL,
	"user_id" uuid,
	"riot_id" text,
	"side" text NOT NULL,
	"win" boolean NOT NULL,
	"champion" text NOT NULL,
	"role" "role",
	"kills" integer NOT NULL,
	"deaths" integer NOT NULL,
	"assists" integer NOT NULL,
	"cs" integer NOT NULL,
	"gold" integer NOT NULL,
	"damage" integer NOT NULL,
	"vision" integer NOT NULL,
	"level" integer NOT NULL,
	"items" integer[] NOT NULL,
	"spells" integer[] NOT NULL,
	"keystone" integer,
	"played_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer NOT NULL,
	CONSTRAINT "match_participants_scrim_id_participant_id_pk" PRIMARY KEY("scrim_id","participant_id"),
	CONSTRAINT "match_participants_side_ck" CHECK ("match_participants"."side" in ('blue', 'red'))
);
--> statement-breakpoint
CREATE TABLE "scrim_matches" (
	"scrim_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"match_id" text,
	"duration_seconds" integer,
	"patch" text,
	"played_at" timestamp with time zone,
	"teams" jsonb,
	"fetch_since" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"attached_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrim_matches_status_ck" CHECK ("scrim_matches"."status" in ('pending', 'ready', 'failed')),
	CONSTRAINT "scrim_matches_source_ck" CHECK ("scrim_matches"."source" in ('tournament', 'admin')),
	CONSTRAINT "scrim_matches_ready_ck" CHECK ("scrim_matches"."status" <> 'ready' or ("scrim_matches"."match_id" is not null and "scrim_matches"."played_at" is not null and "scrim_matches"."teams" is not null))
);
--> statement-breakpoint
ALTER TABLE "match_participants" ADD CONSTRAINT "match_participants_scrim_id_scrim_matches_scrim_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."scrim_matches"("scrim_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_participants" ADD CONSTRAINT "match_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_matches" ADD CONSTRAINT "scrim_matches_scrim_id_scrims_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."scrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_matches" ADD CONSTRAINT "scrim_matches_attached_by_users_id_fk" FOREIGN KEY ("attached_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_participants_user_idx" ON "match_participants" USING btree ("user_id","played_at" DESC NULLS LAST,"scrim_id") WHERE "match_participants"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "match_participants_user_champion_idx" ON "match_participants" USING btree ("user_id","champion","played_at" DESC NULLS LAST,"scrim_id") WHERE "match_participants"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "match_participants_user_role_idx" ON "match_participants" USING btree ("user_id","role","played_at" DESC NULLS LAST,"scrim_id") WHERE "match_participants"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "scrim_matches_match_id_uq" ON "scrim_matches" USING btree ("match_id") WHERE "scrim_matches"."match_id" is not null;