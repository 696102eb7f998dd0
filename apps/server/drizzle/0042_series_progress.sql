CREATE TYPE "public"."series_outcome" AS ENUM('played', 'late_cancel', 'no_show');--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "cancelled_by_team_id" uuid;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "cancel_late" boolean;--> statement-breakpoint
ALTER TABLE "series_games" ADD COLUMN "side_chooser_team_id" uuid;--> statement-breakpoint
ALTER TABLE "series_games" ADD COLUMN "side_choice_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "series_teams" ADD COLUMN "outcome" "series_outcome";--> statement-breakpoint
ALTER TABLE "series_teams" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_cancelled_by_team_id_teams_id_fk" FOREIGN KEY ("cancelled_by_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_games" ADD CONSTRAINT "series_games_side_chooser_team_id_teams_id_fk" FOREIGN KEY ("side_chooser_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_teams_outcome_idx" ON "series_teams" USING btree ("team_id","outcome_at" DESC NULLS LAST) WHERE "series_teams"."outcome" is not null;