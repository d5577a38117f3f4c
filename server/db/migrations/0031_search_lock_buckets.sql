-- One statement may change many vets (docs/product.md 23.4; decision 252). The search table's triggers took a
-- transaction-scoped advisory lock per vet, and a statement touching more vets than the lock table holds
-- (about 6,400 with PostgreSQL's defaults) failed with 'out of shared memory'. A vet's lock is now one of 1,024
-- buckets: a transaction holds at most 1,024 of them whatever it changes, and two vets in one bucket wait for
-- each other only while one of them is being written. Many vets are locked in bucket order, so two such
-- statements never deadlock.
CREATE OR REPLACE FUNCTION doctor_search_lock(uid integer) RETURNS void
LANGUAGE sql AS $$ SELECT pg_advisory_xact_lock(1937007987, uid % 1024) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION doctor_search_refresh_many(uids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doctor_search_lock(bucket) FROM (SELECT DISTINCT id % 1024 AS bucket FROM unnest(uids) AS id ORDER BY 1) buckets;
  DELETE FROM doctor_search WHERE user_id = ANY(uids);
  INSERT INTO doctor_search SELECT * FROM doctor_search_source WHERE user_id = ANY(uids);
END $$;
