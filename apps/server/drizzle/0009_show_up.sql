CREATE TABLE "community_hosts" (
	"user_id" uuid NOT NULL,
	"region" "region" NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_hosts_user_id_region_pk" PRIMARY KEY("user_id","region")
);
--> statement-breakpoint
CREATE TABLE "scrim_check_ins" (
	"scrim_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrim_check_ins_scrim_id_user_id_pk" PRIMARY KEY("scrim_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "scrim_commitments" (
	"scrim_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrim_commitments_scrim_id_user_id_pk" PRIMARY KEY("scrim_id","user_id"),
	CONSTRAINT "scrim_commitments_outcome_ck" CHECK ("scrim_commitments"."outcome" in ('played', 'checked_in', 'no_show', 'late_leave'))
);
--> statement-breakpoint
CREATE TABLE "scrim_substitutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scrim_id" uuid NOT NULL,
	"out_user_id" uuid,
	"in_user_id" uuid NOT NULL,
	"by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scrim_waitlist" (
	"scrim_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrim_waitlist_scrim_id_user_id_pk" PRIMARY KEY("scrim_id","user_id"),
	CONSTRAINT "scrim_waitlist_role_ck" CHECK ("scrim_waitlist"."role" in ('Top', 'Jungle', 'Mid', 'ADC', 'Support', 'any'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reliability_score" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "no_show_strikes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cooldown_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "check_in_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "check_in_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "scrims" ADD COLUMN "hosted_by" uuid;--> statement-breakpoint
ALTER TABLE "community_hosts" ADD CONSTRAINT "community_hosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_hosts" ADD CONSTRAINT "community_hosts_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_check_ins" ADD CONSTRAINT "scrim_check_ins_scrim_id_scrims_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."scrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_check_ins" ADD CONSTRAINT "scrim_check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_commitments" ADD CONSTRAINT "scrim_commitments_scrim_id_scrims_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."scrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_commitments" ADD CONSTRAINT "scrim_commitments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_substitutions" ADD CONSTRAINT "scrim_substitutions_scrim_id_scrims_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."scrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_substitutions" ADD CONSTRAINT "scrim_substitutions_out_user_id_users_id_fk" FOREIGN KEY ("out_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_substitutions" ADD CONSTRAINT "scrim_substitutions_in_user_id_users_id_fk" FOREIGN KEY ("in_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_substitutions" ADD CONSTRAINT "scrim_substitutions_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_waitlist" ADD CONSTRAINT "scrim_waitlist_scrim_id_scrims_id_fk" FOREIGN KEY ("scrim_id") REFERENCES "public"."scrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrim_waitlist" ADD CONSTRAINT "scrim_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scrim_commitments_user_idx" ON "scrim_commitments" USING btree ("user_id","recorded_at");--> statement-breakpoint
CREATE INDEX "scrim_substitutions_scrim_idx" ON "scrim_substitutions" USING btree ("scrim_id","created_at");--> statement-breakpoint
CREATE INDEX "scrim_waitlist_order_idx" ON "scrim_waitlist" USING btree ("scrim_id","created_at");--> statement-breakpoint
CREATE INDEX "scrim_waitlist_user_idx" ON "scrim_waitlist" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "scrims" ADD CONSTRAINT "scrims_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrims" ADD CONSTRAINT "scrims_hosted_by_users_id_fk" FOREIGN KEY ("hosted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scrims_hosted_by_idx" ON "scrims" USING btree ("hosted_by") WHERE "scrims"."hosted_by" is not null;