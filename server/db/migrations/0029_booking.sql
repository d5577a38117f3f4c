-- Booking a real time (docs/product.md section 30; contract section 18; decisions 195-204).
-- A practice publishes visit types and bookable hours (booking_settings), names busy times by hand or
-- through a calendar feed (busy_times, source 'feed' rows replaced on each read), and owners book a free
-- start. A booking is an appointment with `end_at` and `visit_type_id`; it holds its time while it is
-- requested or confirmed. Every write that changes what is free (a booking, a reschedule, a cancel, a busy
-- time, the settings) first locks the practice's booking_settings row (SELECT ... FOR UPDATE), so at most
-- `capacity` bookings ever hold one moment, whatever the number of app servers (decision 196).
CREATE TABLE "booking_settings" (
  "doctor_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "enabled" boolean NOT NULL DEFAULT false,
  "step_minutes" integer NOT NULL DEFAULT 30,
  "capacity" integer NOT NULL DEFAULT 1,
  "lead_hours" integer NOT NULL DEFAULT 2,
  "horizon_days" integer NOT NULL DEFAULT 30,
  "confirm_each" boolean NOT NULL DEFAULT false,
  "hours" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "busy_feed_url" text,
  -- When a server last claimed the feed for reading (every 10 minutes), what it found wrong, if anything.
  "feed_read_at" timestamp with time zone,
  "feed_error" text,
  -- The secret of the practice's own calendar feed of bookings (rotated on demand).
  "calendar_token" text,
  -- The first free start of any visit type within 14 days (null: none), refreshed on every change that
  -- moves it and by a periodic sweep; doctor_search carries a copy for search (decision 199).
  "next_available" timestamp with time zone,
  "next_checked_at" timestamp with time zone,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "booking_settings_step_check" CHECK ("step_minutes" IN (10, 15, 20, 30)),
  CONSTRAINT "booking_settings_capacity_check" CHECK ("capacity" BETWEEN 1 AND 20),
  CONSTRAINT "booking_settings_lead_check" CHECK ("lead_hours" BETWEEN 0 AND 72),
  CONSTRAINT "booking_settings_horizon_check" CHECK ("horizon_days" BETWEEN 7 AND 120)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "booking_settings_calendar_token_key" ON "booking_settings" ("calendar_token") WHERE "calendar_token" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "booking_settings_feed_idx" ON "booking_settings" ("feed_read_at") WHERE "busy_feed_url" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "visit_types" (
  "id" serial PRIMARY KEY NOT NULL,
  "doctor_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "minutes" integer NOT NULL,
  "species" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "new_patients" boolean NOT NULL DEFAULT true,
  "price_from" integer,
  "position" integer NOT NULL DEFAULT 0,
  CONSTRAINT "visit_types_minutes_check" CHECK ("minutes" BETWEEN 10 AND 240)
);
--> statement-breakpoint
CREATE INDEX "visit_types_doctor_idx" ON "visit_types" ("doctor_id", "position");
--> statement-breakpoint
CREATE TABLE "busy_times" (
  "id" serial PRIMARY KEY NOT NULL,
  "doctor_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "start" timestamp with time zone NOT NULL,
  "end" timestamp with time zone NOT NULL,
  "note" text NOT NULL DEFAULT '',
  "source" text NOT NULL DEFAULT 'manual',
  CONSTRAINT "busy_times_order_check" CHECK ("end" > "start"),
  CONSTRAINT "busy_times_source_check" CHECK ("source" IN ('manual', 'feed'))
);
--> statement-breakpoint
CREATE INDEX "busy_times_doctor_idx" ON "busy_times" ("doctor_id", "start");
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "visit_type_id" integer REFERENCES "visit_types"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "end_at" timestamp with time zone;
--> statement-breakpoint
-- The .ics SEQUENCE: each reschedule sends the same UID with a higher one.
ALTER TABLE "appointments" ADD COLUMN "sequence" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
-- The times held at a practice (availability, the capacity check, the calendar feed) in start order.
CREATE INDEX "appointments_held_idx" ON "appointments" ("doctor_id", "start") WHERE "state" IN ('requested', 'confirmed') AND "start" IS NOT NULL;
--> statement-breakpoint
-- No-shows of one owner at one practice (docs/product.md 30.6).
CREATE INDEX "appointments_no_show_idx" ON "appointments" ("owner_id", "doctor_id", "start") WHERE "state" = 'no_show';
--> statement-breakpoint
-- Search reads next_available from its own table; a rebuilt row (a profile or plan change) takes it from
-- booking_settings here, so the view of listed practices stays as it is.
ALTER TABLE "doctor_search" ADD COLUMN "next_available" timestamp with time zone;
--> statement-breakpoint
CREATE FUNCTION doctor_search_next_available() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.next_available := (SELECT b.next_available FROM booking_settings b WHERE b.doctor_id = NEW.user_id AND b.enabled);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER doctor_search_next_available BEFORE INSERT ON doctor_search FOR EACH ROW EXECUTE FUNCTION doctor_search_next_available();
