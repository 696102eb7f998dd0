ALTER TABLE "users" ADD COLUMN "name_skeleton" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "discord_skeleton" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_name_skeleton_region_uq" ON "users" USING btree ("name_skeleton","region");--> statement-breakpoint
CREATE UNIQUE INDEX "users_discord_skeleton_uq" ON "users" USING btree ("discord_skeleton");