CREATE TABLE "processed_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "period" text DEFAULT 'month' NOT NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "period" text;
--> statement-breakpoint
CREATE INDEX "payments_subscription_id_idx" ON "payments" USING btree ("subscription_id");
--> statement-breakpoint
CREATE INDEX "payments_status_period_end_idx" ON "payments" USING btree ("status","current_period_end");
