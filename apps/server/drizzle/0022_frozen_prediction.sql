ALTER TABLE "scrims" ADD COLUMN "predicted_blue_win_probability" double precision;--> statement-breakpoint
UPDATE "scrims" SET "predicted_blue_win_probability" = "balance_blue_win_probability"
  WHERE "game_start_time" <= now() AND "balance_blue_win_probability" IS NOT NULL;
