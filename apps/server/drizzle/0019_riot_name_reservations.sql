CREATE TABLE "riot_name_reservations" (
	"name_skeleton" text NOT NULL,
	"name_key" text NOT NULL,
	"region" "region" NOT NULL,
	"riot_puuid" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "riot_name_reservations_name_skeleton_region_pk" PRIMARY KEY("name_skeleton","region")
);
