CREATE TABLE "series_games" (
	"series_id" uuid NOT NULL,
	"number" smallint NOT NULL,
	"scrim_id" uuid NOT NULL,
	"blue_team_id" uuid,
	"red_team_id" uuid,
	CONSTRAINT "series_games_series_id_number_pk" PRIMARY KEY("series_id","number"),
	CONSTRAINT "series_games_number_ck" CHECK ("series_games"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "series_lineups" (
	"series_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "team_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_lineups_series_id_user_id_pk" PRIMARY KEY("series_id","user_id"),
	CONSTRAINT "series_lineups_role_ck" CHECK ("series_lineups"."role" <> 'Coach')
);
--> statement-breakpoint
ALTER TABLE "series_games" ADD CONSTRAINT "series_games_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_games" ADD CONSTRAINT "series_games_scrim_id_scrims_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."scrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_games" ADD CONSTRAINT "series_games_blue_team_id_teams_id_fk" FOREIGN KEY ("blue_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_games" ADD CONSTRAINT "series_games_red_team_id_teams_id_fk" FOREIGN KEY ("red_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_lineups" ADD CONSTRAINT "series_lineups_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_lineups" ADD CONSTRAINT "series_lineups_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_lineups" ADD CONSTRAINT "series_lineups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "series_games_scrim_uq" ON "series_games" USING btree ("scrim_id");--> statement-breakpoint
CREATE INDEX "series_lineups_team_idx" ON "series_lineups" USING btree ("series_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "series_lineups_starter_uq" ON "series_lineups" USING btree ("series_id","team_id","role") WHERE "series_lineups"."role" <> 'Sub';