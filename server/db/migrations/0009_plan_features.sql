-- What the plans sell (decisions.md section 5): practice photos, contact messages, per-day profile
-- statistics, and a Reply-To on outbox e-mails (a contact message is answered to its sender).
ALTER TABLE "email_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
CREATE TABLE "profile_photos" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "key" text NOT NULL,
  "url" text NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "caption" text DEFAULT '' NOT NULL,
  "position" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "profile_photos_user_position_idx" ON "profile_photos" USING btree ("user_id","position");--> statement-breakpoint
CREATE TABLE "contact_messages" (
  "id" serial PRIMARY KEY NOT NULL,
  "doctor_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "email" text NOT NULL,
  "phone" text DEFAULT '' NOT NULL,
  "species" text DEFAULT '' NOT NULL,
  "message" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "contact_messages_doctor_created_idx" ON "contact_messages" USING btree ("doctor_id","created_at");--> statement-breakpoint
CREATE TABLE "profile_daily_stats" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "views" integer DEFAULT 0 NOT NULL,
  "appearances" integer DEFAULT 0 NOT NULL,
  "clicks_phone" integer DEFAULT 0 NOT NULL,
  "clicks_website" integer DEFAULT 0 NOT NULL,
  "clicks_directions" integer DEFAULT 0 NOT NULL,
  "messages" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "profile_daily_stats_pkey" PRIMARY KEY ("user_id","day")
);
