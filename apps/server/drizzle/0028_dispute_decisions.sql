-- An admin ends a dispute with an answer: the outcome (Blue's win kept, Blue's or Red's win, or no result) and
-- the reason, kept on the dispute beside who decided it. Every player is told by a 'result_decided'
-- notification, with the reason and their own rating change.
ALTER TABLE "result_disputes" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "result_disputes" ADD COLUMN "resolution_reason" text;--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'result_decided';
