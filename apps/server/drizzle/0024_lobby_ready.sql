ALTER TABLE "scrims" ADD COLUMN "lobby_ready_at" timestamp with time zone;--> statement-breakpoint
UPDATE "scrims" SET "lobby_ready_at" = "game_start_time"
  WHERE "game_start_time" <= now() AND "predicted_blue_win_probability" IS NOT NULL;
