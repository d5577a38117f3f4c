-- Holiday and special hours (docs/product.md section 22; docs/decisions/115-special-hours-decide-their-date.md).
-- A profile keeps its dated exceptions as one jsonb list; doctor_search carries them so the in-memory search
-- index answers 'open now' from its own copy, as it does for the week. The profile trigger rebuilds a vet's
-- row when the list changes, and that write reaches doctor_search_log, so every server's index follows.
ALTER TABLE profiles ADD COLUMN special_hours jsonb NOT NULL DEFAULT '[]'::jsonb;
--> statement-breakpoint
ALTER TABLE doctor_search ADD COLUMN special_hours jsonb NOT NULL DEFAULT '[]'::jsonb;
--> statement-breakpoint
-- The view of migration 0017 (who is listed, imported practices included) with the list at its end, in
-- doctor_search's column order (INSERT ... SELECT *).
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
       u.claimed,
       p.special_hours
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
DROP TRIGGER profiles_doctor_search_update ON profiles;
--> statement-breakpoint
CREATE TRIGGER profiles_doctor_search_update AFTER UPDATE ON profiles FOR EACH ROW
WHEN ((OLD.clinic_name, OLD.avatar_url, OLD.street, OLD.city, OLD.state, OLD.zip, OLD.contact_phone, OLD.services, OLD.species,
       OLD.emergency, OLD.accepting_new_patients, OLD.accepting_confirmed_at, OLD.latitude, OLD.longitude, OLD.time_zone, OLD.working_time,
       OLD.special_hours)
      IS DISTINCT FROM
      (NEW.clinic_name, NEW.avatar_url, NEW.street, NEW.city, NEW.state, NEW.zip, NEW.contact_phone, NEW.services, NEW.species,
       NEW.emergency, NEW.accepting_new_patients, NEW.accepting_confirmed_at, NEW.latitude, NEW.longitude, NEW.time_zone, NEW.working_time,
       NEW.special_hours))
EXECUTE FUNCTION doctor_search_on_change();
