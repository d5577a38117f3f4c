-- Ratings in search and on profiles (docs/product.md 7.6; docs/decisions/101-ratings-kept-in-the-search-table.md).
-- doctor_search holds each listed vet's count and sum of published review ratings, so a search card,
-- the in-memory search index and the profile read them without counting reviews. A trigger on
-- reviews adds or takes away one review's share in one UPDATE (rating_count + 1, never read then
-- write), and that UPDATE writes doctor_search_log, so every app server's index follows within a
-- second. A row that doctor_search_refresh() rebuilds (a profile, plan or account change) counts
-- the published reviews again from doctor_search_source. Both take a per-vet transaction lock first:
-- without it, a review committed while a rebuild of the same vet was under way could be counted by
-- neither (the rebuild's INSERT did not see it, and its UPDATE found the old row deleted).
ALTER TABLE doctor_search ADD COLUMN rating_count integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE doctor_search ADD COLUMN rating_sum integer NOT NULL DEFAULT 0;
--> statement-breakpoint
-- The view gains the two columns at its end, in doctor_search's column order (INSERT ... SELECT *).
CREATE OR REPLACE VIEW doctor_search_source AS
SELECT u.id AS user_id,
       pay.plan,
       pay.current_period_end AS paid_until,
       'Dr. ' || u.first_name || ' ' || u.last_name AS name,
       lower(coalesce(nullif(btrim(p.clinic_name), ''), u.first_name || ' ' || u.last_name)) AS sort_name,
       p.clinic_name, p.avatar_url AS avatar, p.street, p.city, regexp_replace(lower(btrim(p.city)), '\s+', ' ', 'g') AS city_key, upper(btrim(p.state)) AS state, p.zip,
       p.contact_phone,
       -- Services show and filter only while the plan includes them (migration 0009, docs/product.md 5.6).
       CASE WHEN pay.plan >= 2 THEN p.services ELSE '[]'::jsonb END AS services, p.species,
       CASE WHEN pay.plan >= 2 THEN doctor_search_keys(p.services) ELSE doctor_search_keys('[]'::jsonb) END AS services_key,
       doctor_search_keys(p.species) AS species_key,
       p.emergency, p.accepting_new_patients, p.accepting_confirmed_at,
       p.latitude, p.longitude,
       doctor_earth(p.latitude, p.longitude) AS earth,
       CASE WHEN p.time_zone IN (SELECT name FROM doctor_time_zones) THEN p.time_zone END AS time_zone,
       doctor_week_hours(p.working_time) AS week_hours,
       -- A fixed pseudo-random key in [0, 1) per vet: Sponsored slots rotate over it.
       ((u.id::bigint * 2654435761) % 4294967296) / 4294967296.0 AS sponsor_key,
       coalesce(r.rating_count, 0)::int AS rating_count,
       coalesce(r.rating_sum, 0)::int AS rating_sum
FROM users u
JOIN profiles p ON p.user_id = u.id
JOIN payments pay ON pay.user_id = u.id
LEFT JOIN LATERAL (
  SELECT count(*) AS rating_count, sum(rv.rating) AS rating_sum
  FROM reviews rv WHERE rv.doctor_id = u.id AND rv.state = 'published'
) r ON true
WHERE u.review_state = 'approved' AND u.status = 'active'
  AND pay.plan > 0 AND pay.status IN ('active', 'canceling')
  AND p.latitude BETWEEN -90 AND 90 AND p.longitude BETWEEN -180 AND 180;
--> statement-breakpoint
-- One vet's row of doctor_search is changed by one transaction at a time (the lock is released at commit).
CREATE FUNCTION doctor_search_lock(uid integer) RETURNS void
LANGUAGE sql AS $$ SELECT pg_advisory_xact_lock(1937007987, uid) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION doctor_search_refresh(uid integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doctor_search_lock(uid);
  DELETE FROM doctor_search WHERE user_id = uid;
  INSERT INTO doctor_search SELECT * FROM doctor_search_source WHERE user_id = uid;
END $$;
--> statement-breakpoint
-- Adds `added` reviews worth `stars` stars (both negative to take them away) to a listed vet's row.
CREATE FUNCTION doctor_search_rate(uid integer, added integer, stars integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doctor_search_lock(uid);
  UPDATE doctor_search SET rating_count = rating_count + added, rating_sum = rating_sum + stars WHERE user_id = uid;
END $$;
--> statement-breakpoint
-- Only published reviews count: a review counts while it is published, with its current rating.
CREATE FUNCTION reviews_rating_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD.state = 'published' THEN PERFORM doctor_search_rate(OLD.doctor_id, -1, -OLD.rating); END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    IF NEW.state = 'published' THEN PERFORM doctor_search_rate(NEW.doctor_id, 1, NEW.rating); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reviews_rating_insert AFTER INSERT ON reviews FOR EACH ROW WHEN (NEW.state = 'published')
EXECUTE FUNCTION reviews_rating_change();
--> statement-breakpoint
CREATE TRIGGER reviews_rating_delete AFTER DELETE ON reviews FOR EACH ROW WHEN (OLD.state = 'published')
EXECUTE FUNCTION reviews_rating_change();
--> statement-breakpoint
CREATE TRIGGER reviews_rating_update AFTER UPDATE OF state, rating, doctor_id ON reviews FOR EACH ROW
WHEN ((OLD.state = 'published' OR NEW.state = 'published')
      AND (OLD.state, OLD.rating, OLD.doctor_id) IS DISTINCT FROM (NEW.state, NEW.rating, NEW.doctor_id))
EXECUTE FUNCTION reviews_rating_change();
--> statement-breakpoint
UPDATE doctor_search ds SET rating_count = r.n, rating_sum = r.total
FROM (SELECT doctor_id, count(*)::int AS n, sum(rating)::int AS total FROM reviews WHERE state = 'published' GROUP BY doctor_id) r
WHERE r.doctor_id = ds.user_id;
