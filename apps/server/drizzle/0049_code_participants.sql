ALTER TABLE "riot_tournaments" ADD COLUMN "participants_roster" text[];--> statement-breakpoint
ALTER TABLE "riot_tournaments" ADD COLUMN "participants_state" text;--> statement-breakpoint
ALTER TABLE "riot_tournaments" ADD COLUMN "participants_cannot_join" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "riot_tournaments" ADD COLUMN "participants_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "riot_tournaments" ADD COLUMN "participants_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "riot_tournaments" ADD CONSTRAINT "riot_tournaments_participants_state_ck" CHECK ("riot_tournaments"."participants_state" IN ('current', 'pending', 'retrying', 'failed'));