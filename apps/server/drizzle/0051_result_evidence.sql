CREATE TABLE "result_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scrim_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"verdict" text NOT NULL,
	"team" "team",
	"game_id" bigint,
	"user_id" uuid,
	"by_team" "team"
);
--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "remakes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "evidence_seen" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "result_evidence" ADD CONSTRAINT "result_evidence_scrim_id_scrims_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."scrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_evidence" ADD CONSTRAINT "result_evidence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "result_evidence_scrim_idx" ON "result_evidence" USING btree ("scrim_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "result_evidence_game_uq" ON "result_evidence" USING btree ("scrim_id","kind","game_id");