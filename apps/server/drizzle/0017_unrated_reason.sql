ALTER TABLE "scrims" ADD COLUMN "unrated_reason" text;
