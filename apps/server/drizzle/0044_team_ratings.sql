CREATE TABLE "team_rated_games" (
	"scrim_id" uuid PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "team_rated_games_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_won" "team" NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_rating_history" (
	"scrim_id" uuid NOT NULL,
	"team" "team" NOT NULL,
	"team_id" uuid NOT NULL,
	"season_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"won" boolean NOT NULL,
	"mu_before" double precision NOT NULL,
	"sigma_before" double precision NOT NULL,
	"mu_after" double precision NOT NULL,
	"sigma_after" double precision NOT NULL,
	"rating_before" integer NOT NULL,
	"rating_after" integer NOT NULL,
	CONSTRAINT "team_rating_history_scrim_id_team_pk" PRIMARY KEY("scrim_id","team")
);
--> statement-breakpoint
CREATE TABLE "team_ratings" (
	"season_id" integer NOT NULL,
	"team_id" uuid NOT NULL,
	"region" "region" NOT NULL,
	"mu" double precision NOT NULL,
	"sigma" double precision NOT NULL,
	"rating" integer NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_ratings_season_id_team_id_pk" PRIMARY KEY("season_id","team_id")
);
--> statement-breakpoint
ALTER TABLE "team_rated_games" ADD CONSTRAINT "team_rated_games_scrim_id_scrims_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."scrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rated_games" ADD CONSTRAINT "team_rated_games_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rating_history" ADD CONSTRAINT "team_rating_history_scrim_id_team_rated_games_scrim_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."team_rated_games"("scrim_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rating_history" ADD CONSTRAINT "team_rating_history_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_ratings" ADD CONSTRAINT "team_ratings_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_ratings" ADD CONSTRAINT "team_ratings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_rated_games_season_seq_uq" ON "team_rated_games" USING btree ("season_id","seq");--> statement-breakpoint
CREATE INDEX "team_rating_history_team_idx" ON "team_rating_history" USING btree ("team_id","season_id","seq");--> statement-breakpoint
CREATE INDEX "team_rating_history_season_idx" ON "team_rating_history" USING btree ("season_id","seq");--> statement-breakpoint
CREATE INDEX "team_ratings_board_idx" ON "team_ratings" USING btree ("season_id","rating" DESC NULLS LAST,"team_id");--> statement-breakpoint
CREATE INDEX "team_ratings_region_board_idx" ON "team_ratings" USING btree ("season_id","region","rating" DESC NULLS LAST,"team_id");