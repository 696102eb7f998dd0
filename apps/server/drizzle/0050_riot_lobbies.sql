CREATE TABLE "riot_lobbies" (
	"scrim_id" uuid PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"in_user_ids" jsonb NOT NULL,
	"unknown" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "riot_lobbies" ADD CONSTRAINT "riot_lobbies_scrim_id_scrims_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."scrims"("id") ON DELETE cascade ON UPDATE no action;