-- What the plans sell (docs/product.md section 5): practice photos, contact messages, per-day profile
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
--> statement-breakpoint
-- Services show in search results and match the services filter only while the plan includes them
-- (Professional and Premium, shared/constants/plans.ts); they stay stored for an upgrade. A plan
-- change refreshes the vet's row through the payments trigger of 0004_search.
CREATE OR REPLACE VIEW doctor_search_source AS
SELECT u.id AS user_id,
       pay.plan,
       pay.current_period_end AS paid_until,
       'Dr. ' || u.first_name || ' ' || u.last_name AS name,
       lower(coalesce(nullif(btrim(p.clinic_name), ''), u.first_name || ' ' || u.last_name)) AS sort_name,
       p.clinic_name, p.avatar_url AS avatar, p.street, p.city, regexp_replace(lower(btrim(p.city)), '\s+', ' ', 'g') AS city_key, upper(btrim(p.state)) AS state, p.zip,
       p.contact_phone,
       CASE WHEN pay.plan >= 2 THEN p.services ELSE '[]'::jsonb END AS services, p.species,
       CASE WHEN pay.plan >= 2 THEN doctor_search_keys(p.services) ELSE doctor_search_keys('[]'::jsonb) END AS services_key,
       doctor_search_keys(p.species) AS species_key,
       p.emergency, p.accepting_new_patients, p.accepting_confirmed_at,
       p.latitude, p.longitude,
       doctor_earth(p.latitude, p.longitude) AS earth,
       CASE WHEN p.time_zone IN (SELECT name FROM doctor_time_zones) THEN p.time_zone END AS time_zone,
       doctor_week_hours(p.working_time) AS week_hours,
       ((u.id::bigint * 2654435761) % 4294967296) / 4294967296.0 AS sponsor_key
FROM users u
JOIN profiles p ON p.user_id = u.id
JOIN payments pay ON pay.user_id = u.id
WHERE u.review_state = 'approved' AND u.status = 'active'
  AND pay.plan > 0 AND pay.status IN ('active', 'canceling')
  AND p.latitude BETWEEN -90 AND 90 AND p.longitude BETWEEN -180 AND 180;
--> statement-breakpoint
DELETE FROM doctor_search;
--> statement-breakpoint
INSERT INTO doctor_search SELECT * FROM doctor_search_source;
