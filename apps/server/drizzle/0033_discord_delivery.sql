ALTER TABLE "discord_webhooks" ADD COLUMN "last_delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discord_webhooks" ADD COLUMN "last_delivery_ok" boolean;--> statement-breakpoint
ALTER TABLE "discord_webhooks" ADD COLUMN "last_delivery_status" text;
