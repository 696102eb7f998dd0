ALTER TYPE "public"."region" ADD VALUE IF NOT EXISTS 'KR';--> statement-breakpoint
ALTER TYPE "public"."region" ADD VALUE IF NOT EXISTS 'BR';--> statement-breakpoint
ALTER TYPE "public"."region" ADD VALUE IF NOT EXISTS 'LAS';--> statement-breakpoint
ALTER TYPE "public"."region" ADD VALUE IF NOT EXISTS 'JP';--> statement-breakpoint
ALTER TYPE "public"."region" ADD VALUE IF NOT EXISTS 'TR';--> statement-breakpoint
ALTER TYPE "public"."region" ADD VALUE IF NOT EXISTS 'ME';--> statement-breakpoint
ALTER TYPE "public"."region" ADD VALUE IF NOT EXISTS 'RU';--> statement-breakpoint
ALTER TYPE "public"."region" ADD VALUE IF NOT EXISTS 'PH';--> statement-breakpoint
ALTER TYPE "public"."region" ADD VALUE IF NOT EXISTS 'SG';--> statement-breakpoint
ALTER TYPE "public"."region" ADD VALUE IF NOT EXISTS 'TH';--> statement-breakpoint
ALTER TYPE "public"."region" ADD VALUE IF NOT EXISTS 'TW';--> statement-breakpoint
ALTER TYPE "public"."region" ADD VALUE IF NOT EXISTS 'VN';
