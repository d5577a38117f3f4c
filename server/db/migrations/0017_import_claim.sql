-- Listings before their vet: imported practices and their claims (docs/product.md section 20;
-- docs/decisions/108-imported-practice-is-an-account-row.md, 109-listing-rule-for-imported-practices.md).
--
-- An imported practice is a users row (so it has the id reviews, searches and pages use, and keeps it
-- when its vet claims it) with claimed = false, no usable password (the hash '!' never verifies) and an
-- address at the reserved .invalid domain that no mail reaches: nobody can sign in to it. Its profile
-- carries the file's external_id, the key later imports update it by.
ALTER TABLE users ADD COLUMN claimed boolean NOT NULL DEFAULT true;
--> statement-breakpoint
ALTER TABLE profiles ADD COLUMN external_id text;
--> statement-breakpoint
CREATE UNIQUE INDEX profiles_external_id_key ON profiles (external_id) WHERE external_id IS NOT NULL;
--> statement-breakpoint
-- The last ten digits of the phone number: how an import and profile step 1 find a practice already
-- listed under the same number, however it was written.
ALTER TABLE profiles ADD COLUMN phone_key text GENERATED ALWAYS AS (nullif(right(regexp_replace(coalesce(contact_phone, ''), '[^0-9]', '', 'g'), 10), '')) STORED;
--> statement-breakpoint
CREATE INDEX profiles_phone_key_idx ON profiles (phone_key) WHERE phone_key IS NOT NULL;
--> statement-breakpoint
-- doctor_search says whether a listing is claimed (cards carry `claimed`); the view adds it at its end,
-- in the table's column order (INSERT ... SELECT *).
ALTER TABLE doctor_search ADD COLUMN claimed boolean NOT NULL DEFAULT true;
--> statement-breakpoint
-- Who is listed (docs/product.md section 20): as before, an approved, active vet on a paid plan in force;
-- and also every active imported practice, claimed or not, with or without a plan ("stays listed as it
-- was while unclaimed"). An unclaimed practice has plan 0 here, so it never takes a Sponsored place,
-- and no paid period, so the time check of listing-rule.ts never hides it. An imported practice shows
-- the services the import gave it at any plan; a plan adds what it sells.
CREATE OR REPLACE VIEW doctor_search_source AS
SELECT u.id AS user_id,
       CASE WHEN u.claimed AND pay.plan > 0 AND pay.status IN ('active', 'canceling') THEN pay.plan ELSE 0 END::smallint AS plan,
       CASE WHEN p.external_id IS NULL THEN pay.current_period_end END AS paid_until,
       CASE WHEN u.claimed THEN 'Dr. ' || u.first_name || ' ' || u.last_name ELSE coalesce(p.clinic_name, '') END AS name,
       lower(coalesce(nullif(btrim(p.clinic_name), ''), u.first_name || ' ' || u.last_name)) AS sort_name,
       p.clinic_name, p.avatar_url AS avatar, p.street, p.city, regexp_replace(lower(btrim(p.city)), '\s+', ' ', 'g') AS city_key, upper(btrim(p.state)) AS state, p.zip,
       p.contact_phone,
       -- Services show and filter only while the plan includes them (migration 0009, docs/product.md 5.6),
       -- or when the practice came from an import (section 20).
       CASE WHEN pay.plan >= 2 OR p.external_id IS NOT NULL THEN p.services ELSE '[]'::jsonb END AS services, p.species,
       CASE WHEN pay.plan >= 2 OR p.external_id IS NOT NULL THEN doctor_search_keys(p.services) ELSE doctor_search_keys('[]'::jsonb) END AS services_key,
       doctor_search_keys(p.species) AS species_key,
       p.emergency, p.accepting_new_patients, p.accepting_confirmed_at,
       p.latitude, p.longitude,
       doctor_earth(p.latitude, p.longitude) AS earth,
       CASE WHEN p.time_zone IN (SELECT name FROM doctor_time_zones) THEN p.time_zone END AS time_zone,
       doctor_week_hours(p.working_time) AS week_hours,
       -- A fixed pseudo-random key in [0, 1) per vet: Sponsored slots rotate over it.
       ((u.id::bigint * 2654435761) % 4294967296) / 4294967296.0 AS sponsor_key,
       coalesce(r.rating_count, 0)::int AS rating_count,
       coalesce(r.rating_sum, 0)::int AS rating_sum,
       u.claimed
FROM users u
JOIN profiles p ON p.user_id = u.id
LEFT JOIN payments pay ON pay.user_id = u.id
LEFT JOIN LATERAL (
  SELECT count(*) AS rating_count, sum(rv.rating) AS rating_sum
  FROM reviews rv WHERE rv.doctor_id = u.id AND rv.state = 'published'
) r ON true
WHERE u.status = 'active'
  AND p.latitude BETWEEN -90 AND 90 AND p.longitude BETWEEN -180 AND 180
  AND (p.external_id IS NOT NULL
       OR (u.review_state = 'approved' AND pay.plan > 0 AND pay.status IN ('active', 'canceling')));
--> statement-breakpoint
-- A claim (claimed turning true) changes the card: the users trigger watches it too.
DROP TRIGGER users_doctor_search ON users;
--> statement-breakpoint
CREATE TRIGGER users_doctor_search AFTER UPDATE ON users FOR EACH ROW
WHEN ((OLD.review_state, OLD.status, OLD.first_name, OLD.last_name, OLD.claimed) IS DISTINCT FROM (NEW.review_state, NEW.status, NEW.first_name, NEW.last_name, NEW.claimed))
EXECUTE FUNCTION doctor_search_on_change();
--> statement-breakpoint
-- An import writes hundreds of practices a statement; rebuilding each one's search row from the view, row
-- by row, cost about 5 ms a practice. Inside an import's transaction the setting animaldoctor.bulk_listing
-- is 'on' (SET LOCAL: it ends with the transaction), the per-row rebuild is skipped, and the import
-- rebuilds the batch's rows with one set-based statement (doctor_search_refresh_many) before it commits.
CREATE OR REPLACE FUNCTION doctor_search_on_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('animaldoctor.bulk_listing', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM doctor_search_refresh(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM doctor_search_refresh(OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id <> OLD.user_id) THEN PERFORM doctor_search_refresh(NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- doctor_search_refresh for many vets at once, each under its lock (in id order: no deadlock between two imports).
CREATE FUNCTION doctor_search_refresh_many(uids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doctor_search_lock(id) FROM (SELECT DISTINCT unnest(uids) AS id ORDER BY 1) ids;
  DELETE FROM doctor_search WHERE user_id = ANY(uids);
  INSERT INTO doctor_search SELECT * FROM doctor_search_source WHERE user_id = ANY(uids);
END $$;
--> statement-breakpoint
-- An import run: its progress is stored, so a page reload and every app server read it (section 20).
CREATE TABLE import_jobs (
  id serial PRIMARY KEY,
  admin_id integer REFERENCES users(id) ON DELETE SET NULL,
  file_name text NOT NULL DEFAULT '',
  dry_run boolean NOT NULL,
  state text NOT NULL DEFAULT 'running',
  total integer NOT NULL DEFAULT 0,
  done integer NOT NULL DEFAULT 0,
  created integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  -- The first rows' problems ({ row, message }), and for a dry run the first rows' outcomes.
  errors jsonb NOT NULL DEFAULT '[]',
  outcomes jsonb NOT NULL DEFAULT '[]',
  failure text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
--> statement-breakpoint
CREATE INDEX import_jobs_created_idx ON import_jobs (created_at);
--> statement-breakpoint
-- A claim of an imported practice (section 20). 'code_sent' and 'waiting' are open; one open claim per
-- practice (the unique partial index). The code is stored hashed; tries are counted in one UPDATE.
-- `transfer` keeps what the transfer changed, so an administrator can restore it.
CREATE TABLE practice_claims (
  id serial PRIMARY KEY,
  doctor_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  claimant_id integer REFERENCES users(id) ON DELETE SET NULL,
  claimant_email text NOT NULL,
  method text NOT NULL,
  email text,
  license_number text NOT NULL,
  license_state text NOT NULL,
  document_key text,
  document_type text,
  state text NOT NULL,
  code_hash text,
  code_expires_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  reason text,
  decided_by integer REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz,
  transfer jsonb,
  restored_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX practice_claims_open_key ON practice_claims (doctor_id) WHERE state IN ('code_sent', 'waiting');
--> statement-breakpoint
CREATE INDEX practice_claims_state_created_idx ON practice_claims (state, created_at);
--> statement-breakpoint
DELETE FROM doctor_search;
--> statement-breakpoint
INSERT INTO doctor_search SELECT * FROM doctor_search_source;
