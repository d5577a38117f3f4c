-- Appointment requests (docs/product.md section 19; contract section 14). One row per request; its state
-- moves only through the transition table of shared/lib/appointment-rules.ts, each move one conditional
-- UPDATE ... WHERE state IN (allowed) RETURNING. `answered_at` is the practice's first answer (response
-- time); `reminder_sent_at` is claimed once, atomically, by the reminder sweep of any app server.
CREATE TABLE "appointments" (
  "id" serial PRIMARY KEY NOT NULL,
  "doctor_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "pet_name" text NOT NULL,
  "species" text NOT NULL,
  "reason" text NOT NULL,
  "phone" text NOT NULL DEFAULT '',
  "preferred" jsonb NOT NULL,
  "start" timestamp with time zone,
  "time_zone" text NOT NULL,
  "state" text NOT NULL DEFAULT 'requested',
  "message" text,
  "answered_at" timestamp with time zone,
  "reminder_sent_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "appointments_state_check" CHECK ("state" IN ('requested', 'proposed', 'confirmed', 'declined', 'cancelled', 'completed', 'no_show'))
);
--> statement-breakpoint
CREATE INDEX "appointments_owner_idx" ON "appointments" USING btree ("owner_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "appointments_doctor_idx" ON "appointments" USING btree ("doctor_id", "state", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "appointments_answered_idx" ON "appointments" USING btree ("doctor_id", "answered_at") WHERE "answered_at" IS NOT NULL;
--> statement-breakpoint
-- The administrators' dashboard counts answers a day over a window (docs/product.md section 24).
CREATE INDEX "appointments_answered_at_idx" ON "appointments" USING btree ("answered_at") WHERE "answered_at" IS NOT NULL;
--> statement-breakpoint
-- The reminder sweep reads only confirmed appointments still waiting for their reminder.
CREATE INDEX "appointments_reminder_due_idx" ON "appointments" USING btree ("start") WHERE "state" = 'confirmed' AND "reminder_sent_at" IS NULL;
--> statement-breakpoint
-- The request limits (docs/product.md 19.4) as counters, each taken in one conditional upsert
-- (INSERT ... ON CONFLICT DO UPDATE SET n = n + 1 WHERE n < limit RETURNING): parallel requests wait on the
-- row lock and cannot pass a limit together. 'open' rows use the day 1970-01-01 and go down again when a
-- request stops being open.
CREATE TABLE "appointment_limits" (
  "kind" text NOT NULL,
  "account_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "n" integer NOT NULL DEFAULT 0,
  CONSTRAINT "appointment_limits_pkey" PRIMARY KEY ("kind", "account_id", "day")
);
--> statement-breakpoint
-- A practice's median hours to its first answer over the last 90 days (docs/product.md 19.6), written when it
-- answers, so search cards and the profile read one row instead of computing it per search.
CREATE TABLE "appointment_response_times" (
  "doctor_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "answers" integer NOT NULL,
  "median_hours" double precision NOT NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- A confirmation carries an iCalendar file (docs/product.md 19.5): the outbox keeps attachments with the message.
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb NOT NULL DEFAULT '[]'::jsonb;
