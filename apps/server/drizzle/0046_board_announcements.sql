ALTER TABLE "scrim_posts" ADD COLUMN "announce" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "scrim_posts_announced_team_idx" ON "scrim_posts" USING btree ("team_id","created_at") WHERE "scrim_posts"."announce";--> statement-breakpoint
CREATE INDEX "scrim_posts_announced_by_idx" ON "scrim_posts" USING btree ("created_by","created_at") WHERE "scrim_posts"."announce";