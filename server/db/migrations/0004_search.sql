-- Search reads one precomputed table, doctor_search, holding only listable vets (approved, active,
-- paid plan; the paid period is checked at search time) with the columns a search filters and
-- orders by (docs/decisions/035-search-table-and-knn.md). Triggers on users, profiles and payments
-- keep it in step. cube gives exact nearest-first order: a point on the sphere in miles, whose
-- straight-line distance grows with the great-circle one.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE doctor_search (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  plan smallint NOT NULL,
  paid_until timestamptz,
  name text NOT NULL,
  sort_name text NOT NULL,
  clinic_name text,
  avatar text,
  street text,
  city text,
  city_key text,
  state text,
  zip text,
  contact_phone text,
  services jsonb NOT NULL,
  species jsonb NOT NULL,
  services_key text[] NOT NULL,
  species_key text[] NOT NULL,
  emergency boolean NOT NULL,
  accepting_new_patients boolean NOT NULL,
  accepting_confirmed_at timestamptz,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  earth cube NOT NULL,
  time_zone text,
  week_hours int4multirange NOT NULL,
  sponsor_key double precision NOT NULL
);
--> statement-breakpoint
CREATE INDEX doctor_search_earth_idx ON doctor_search USING gist (earth);
--> statement-breakpoint
CREATE INDEX doctor_search_state_name_idx ON doctor_search (state, sort_name, user_id);
--> statement-breakpoint
CREATE INDEX doctor_search_city_name_idx ON doctor_search (city_key, sort_name, user_id);
--> statement-breakpoint
CREATE INDEX doctor_search_name_idx ON doctor_search (sort_name, user_id);
--> statement-breakpoint
CREATE INDEX doctor_search_sponsor_state_idx ON doctor_search (state, sponsor_key) WHERE plan = 3;
--> statement-breakpoint
CREATE INDEX doctor_search_sponsor_city_idx ON doctor_search (city_key, sponsor_key) WHERE plan = 3;
--> statement-breakpoint
CREATE INDEX zip_codes_city_lower_idx ON zip_codes (lower(city));
--> statement-breakpoint
CREATE INDEX zip_codes_city_trgm_idx ON zip_codes USING gin (lower(city) gin_trgm_ops);
--> statement-breakpoint
-- A point on the Earth's surface (radius 3958.8 miles) as x, y, z in miles.
CREATE FUNCTION doctor_earth(lat double precision, lon double precision) RETURNS cube
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT cube(ARRAY[
    3958.8 * cos(radians(lat)) * cos(radians(lon)),
    3958.8 * cos(radians(lat)) * sin(radians(lon)),
    3958.8 * sin(radians(lat))])
$$;
--> statement-breakpoint
-- Straight-line (chord) length in miles for a great-circle distance in miles.
CREATE FUNCTION doctor_chord(miles double precision) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 2 * 3958.8 * sin(miles / (2 * 3958.8)) $$;
--> statement-breakpoint
-- Great-circle miles for a chord length in miles.
CREATE FUNCTION doctor_miles(chord double precision) RETURNS double precision
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT 2 * 3958.8 * asin(least(1.0, chord / (2 * 3958.8))) $$;
--> statement-breakpoint
-- Lower-case, trimmed, a final 's' dropped: 'Dogs' and 'dog' filter alike.
CREATE FUNCTION doctor_search_keys(items jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT regexp_replace(lower(btrim(x)), 's$', '')), '{}')
  FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(items) = 'array' THEN items ELSE '[]'::jsonb END) AS x
$$;
--> statement-breakpoint
-- The weekly opening hours as minutes from Monday 00:00 local time (0..10080). A day that closes
-- at or before it opens runs past midnight into the next day; '23:59' closes at midnight.
-- Malformed entries are skipped rather than failing the profile write.
CREATE FUNCTION doctor_week_hours(working_time jsonb) RETURNS int4multirange
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH days AS (
    SELECT array_position(ARRAY['mon','tue','wed','thu','fri','sat','sun'], d->>'day') - 1 AS idx,
           split_part(d->>'open', ':', 1)::int * 60 + split_part(d->>'open', ':', 2)::int AS o,
           CASE WHEN d->>'close' IN ('23:59', '24:00') THEN 1440
                ELSE split_part(d->>'close', ':', 1)::int * 60 + split_part(d->>'close', ':', 2)::int END AS c
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(working_time) = 'array' THEN working_time ELSE '[]'::jsonb END) AS d
    WHERE jsonb_typeof(d) = 'object'
      AND coalesce(d->>'closed', 'false') <> 'true'
      AND d->>'day' IN ('mon','tue','wed','thu','fri','sat','sun')
      AND d->>'open' ~ '^([01]?[0-9]|2[0-3]):[0-5][0-9]$'
      AND d->>'close' ~ '^([01]?[0-9]|2[0-4]):[0-5][0-9]$'
  ), spans AS (
    SELECT idx * 1440 + o AS s, idx * 1440 + CASE WHEN c > o THEN c ELSE c + 1440 END AS e FROM days
  ), pieces AS (
    SELECT int4range(s, least(e, 10080)) AS r FROM spans
    UNION ALL SELECT int4range(0, e - 10080) FROM spans WHERE e > 10080
  )
  SELECT coalesce(range_agg(r), '{}'::int4multirange) FROM pieces WHERE NOT isempty(r)
$$;
--> statement-breakpoint
-- Known time-zone names, copied once: pg_timezone_names reads the zone files on every call (tens
-- of ms), too slow for a trigger. A clinic's zone outside this list counts as unknown.
CREATE TABLE doctor_time_zones (name text PRIMARY KEY);
--> statement-breakpoint
INSERT INTO doctor_time_zones SELECT DISTINCT name FROM pg_timezone_names;
--> statement-breakpoint
-- The row a listable vet has in doctor_search; the paid period is checked at search time.
CREATE VIEW doctor_search_source AS
SELECT u.id AS user_id,
       pay.plan,
       pay.current_period_end AS paid_until,
       'Dr. ' || u.first_name || ' ' || u.last_name AS name,
       lower(coalesce(nullif(btrim(p.clinic_name), ''), u.first_name || ' ' || u.last_name)) AS sort_name,
       p.clinic_name, p.avatar_url AS avatar, p.street, p.city, regexp_replace(lower(btrim(p.city)), '\s+', ' ', 'g') AS city_key, upper(btrim(p.state)) AS state, p.zip,
       p.contact_phone,
       p.services, p.species,
       doctor_search_keys(p.services) AS services_key,
       doctor_search_keys(p.species) AS species_key,
       p.emergency, p.accepting_new_patients, p.accepting_confirmed_at,
       p.latitude, p.longitude,
       doctor_earth(p.latitude, p.longitude) AS earth,
       CASE WHEN p.time_zone IN (SELECT name FROM doctor_time_zones) THEN p.time_zone END AS time_zone,
       doctor_week_hours(p.working_time) AS week_hours,
       -- A fixed pseudo-random key in [0, 1) per vet: Sponsored slots rotate over it.
       ((u.id::bigint * 2654435761) % 4294967296) / 4294967296.0 AS sponsor_key
FROM users u
JOIN profiles p ON p.user_id = u.id
JOIN payments pay ON pay.user_id = u.id
WHERE u.review_state = 'approved' AND u.status = 'active'
  AND pay.plan > 0 AND pay.status IN ('active', 'canceling')
  AND p.latitude BETWEEN -90 AND 90 AND p.longitude BETWEEN -180 AND 180;
--> statement-breakpoint
CREATE FUNCTION doctor_search_refresh(uid integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM doctor_search WHERE user_id = uid;
  INSERT INTO doctor_search SELECT * FROM doctor_search_source WHERE user_id = uid;
END $$;
--> statement-breakpoint
CREATE FUNCTION doctor_search_on_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM doctor_search_refresh(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM doctor_search_refresh(OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id <> OLD.user_id) THEN PERFORM doctor_search_refresh(NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_doctor_search AFTER UPDATE ON users FOR EACH ROW
WHEN ((OLD.review_state, OLD.status, OLD.first_name, OLD.last_name) IS DISTINCT FROM (NEW.review_state, NEW.status, NEW.first_name, NEW.last_name))
EXECUTE FUNCTION doctor_search_on_change();
--> statement-breakpoint
CREATE TRIGGER payments_doctor_search AFTER INSERT OR DELETE OR UPDATE OF user_id, plan, status, current_period_end ON payments FOR EACH ROW
EXECUTE FUNCTION doctor_search_on_change();
--> statement-breakpoint
CREATE TRIGGER profiles_doctor_search AFTER INSERT OR DELETE ON profiles FOR EACH ROW
EXECUTE FUNCTION doctor_search_on_change();
--> statement-breakpoint
CREATE TRIGGER profiles_doctor_search_update AFTER UPDATE ON profiles FOR EACH ROW
WHEN ((OLD.clinic_name, OLD.avatar_url, OLD.street, OLD.city, OLD.state, OLD.zip, OLD.contact_phone, OLD.services, OLD.species,
       OLD.emergency, OLD.accepting_new_patients, OLD.accepting_confirmed_at, OLD.latitude, OLD.longitude, OLD.time_zone, OLD.working_time)
      IS DISTINCT FROM
      (NEW.clinic_name, NEW.avatar_url, NEW.street, NEW.city, NEW.state, NEW.zip, NEW.contact_phone, NEW.services, NEW.species,
       NEW.emergency, NEW.accepting_new_patients, NEW.accepting_confirmed_at, NEW.latitude, NEW.longitude, NEW.time_zone, NEW.working_time))
EXECUTE FUNCTION doctor_search_on_change();
--> statement-breakpoint
INSERT INTO doctor_search SELECT * FROM doctor_search_source;
--> statement-breakpoint
-- Minutes from Monday 00:00 in the clinic's time zone at a moment: compared with week_hours for 'open now'.
CREATE FUNCTION doctor_minute_of_week(at timestamptz, zone text) RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT ((extract(isodow FROM local) - 1) * 1440 + extract(hour FROM local) * 60 + extract(minute FROM local))::int
  FROM (SELECT at AT TIME ZONE zone AS local) AS t
$$;
