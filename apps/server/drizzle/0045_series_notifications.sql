-- The scrim board's and series' notifications get a kind of their own, 'series_alert' (pushed to devices like
-- scrim alerts), and the series a click opens; a user's lineups are found by user for their calendar feed.
ALTER TYPE "public"."notification_kind" ADD VALUE 'series_alert';--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "related_series_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_related_series_id_series_id_fk" FOREIGN KEY ("related_series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_lineups_user_idx" ON "series_lineups" USING btree ("user_id");
