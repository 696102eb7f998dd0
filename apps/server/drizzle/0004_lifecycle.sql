DROP INDEX "users_name_region_uq";--> statement-breakpoint
DROP INDEX "users_discord_uq";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "abandoned_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_name_region_uq" ON "users" USING btree (lower(regexp_replace(btrim("name"), '\s+', ' ', 'g')),"region") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_discord_uq" ON "users" USING btree (lower(regexp_replace(btrim("discord"), '\s+#', '#', 'g'))) WHERE "users"."deleted_at" is null;