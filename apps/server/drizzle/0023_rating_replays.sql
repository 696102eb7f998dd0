CREATE TABLE "rating_replays" (
	"season_id" integer PRIMARY KEY NOT NULL,
	"cursor_seq" bigint NOT NULL,
	"seeds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"players" jsonb DEFAULT '[]'::jsonb NOT NULL
);--> statement-breakpoint
ALTER TABLE "rating_replays" ADD CONSTRAINT "rating_replays_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;
