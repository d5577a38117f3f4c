-- The administrators' business dashboard (docs/product.md section 24;
-- docs/decisions/121-dashboard-figures-from-bounded-queries.md). Searches a day had no record, and profile
-- views a day summed over profile_daily_stats would read one row per vet and day (tens of millions over a
-- year at 1M vets): site_daily_stats keeps one row a day with the whole site's searches and profile views,
-- added to by the same batched write as profile_daily_stats (server/plugins/app/plan-features/profile-stats.ts),
-- so a year's series reads 365 rows.
CREATE TABLE "site_daily_stats" (
  "day" date PRIMARY KEY NOT NULL,
  "searches" integer NOT NULL DEFAULT 0,
  "profile_views" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
-- The views counted before this table existed.
INSERT INTO site_daily_stats (day, profile_views)
SELECT day, sum(views) FROM profile_daily_stats GROUP BY day HAVING sum(views) > 0;
--> statement-breakpoint
-- Profiles waiting for review, oldest first, and how long they have waited: read from the index alone.
CREATE INDEX "users_review_state_submit_idx" ON "users" USING btree ("review_state", "submit_at");
--> statement-breakpoint
-- Counts the dashboard would otherwise read a million rows for (decision 121). Statement-level triggers with
-- transition tables append what each INSERT or DELETE changed, as rows of (key, n) (a bulk statement of
-- 100,000 rows is one row per key), and row triggers what an UPDATE of a key moved; nothing is updated in place, so writers never wait for each other or lock
-- anything a transaction might also hold (a vet's search lock). A count is the sum of its key's rows;
-- `dashboard_compact()` folds them into one row per key (the dashboard plugin calls it every few minutes on
-- every server; two at once are safe: each deletes only the rows it sees, then adds back their sums).
-- New accounts per UTC day and account type (users).
CREATE TABLE "account_daily_counts" (
  "day" date NOT NULL,
  "account_type" text NOT NULL,
  "n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_daily_counts_day_idx" ON "account_daily_counts" USING btree ("day");
--> statement-breakpoint
-- Listed practices per plan: rows of doctor_search (the reader takes away those whose paid period has ended).
CREATE TABLE "listed_plan_counts" (
  "plan" smallint NOT NULL,
  "n" integer NOT NULL
);
--> statement-breakpoint
-- Renewing paid plans per plan and period: payments with plan > 0 and status 'active' (the reader takes away
-- those whose period has ended).
CREATE TABLE "renewing_plan_counts" (
  "plan" smallint NOT NULL,
  "period" text NOT NULL,
  "n" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION account_daily_counts_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO account_daily_counts (day, account_type, n)
    SELECT day, account_type, sum(d) FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, account_type, 1 AS d FROM new_rows) t
    GROUP BY day, account_type HAVING sum(d) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO account_daily_counts (day, account_type, n)
    SELECT day, account_type, sum(d) FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, account_type, -1 AS d FROM old_rows) t
    GROUP BY day, account_type HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_account_counts_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION account_daily_counts_change();
--> statement-breakpoint
CREATE TRIGGER users_account_counts_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION account_daily_counts_change();
--> statement-breakpoint
CREATE FUNCTION listed_plan_counts_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO listed_plan_counts (plan, n)
    SELECT plan, sum(d) FROM (SELECT plan, 1 AS d FROM new_rows) t
    GROUP BY plan HAVING sum(d) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO listed_plan_counts (plan, n)
    SELECT plan, sum(d) FROM (SELECT plan, -1 AS d FROM old_rows) t
    GROUP BY plan HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER doctor_search_plan_counts_insert AFTER INSERT ON doctor_search REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION listed_plan_counts_change();
--> statement-breakpoint
CREATE TRIGGER doctor_search_plan_counts_delete AFTER DELETE ON doctor_search REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION listed_plan_counts_change();
--> statement-breakpoint
-- An UPDATE moves a count only when a key changes: a row trigger with a WHEN runs for those rows alone (a
-- statement trigger would run for every update of the table, and transition tables allow no column list).
CREATE FUNCTION account_daily_counts_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_daily_counts (day, account_type, n) VALUES
    ((OLD.created_at AT TIME ZONE 'UTC')::date, OLD.account_type, -1),
    ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.account_type, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_account_counts_update AFTER UPDATE ON users FOR EACH ROW
WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.account_type IS DISTINCT FROM NEW.account_type)
EXECUTE FUNCTION account_daily_counts_move();
--> statement-breakpoint
CREATE FUNCTION listed_plan_counts_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listed_plan_counts (plan, n) VALUES (OLD.plan, -1), (NEW.plan, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER doctor_search_plan_counts_update AFTER UPDATE ON doctor_search FOR EACH ROW
WHEN (OLD.plan IS DISTINCT FROM NEW.plan)
EXECUTE FUNCTION listed_plan_counts_move();
--> statement-breakpoint
-- TRUNCATE fires no row triggers (the seed rebuilds doctor_search with it): the counts start again at 0.
CREATE FUNCTION listed_plan_counts_reset() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM listed_plan_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER doctor_search_plan_counts_truncate AFTER TRUNCATE ON doctor_search
FOR EACH STATEMENT EXECUTE FUNCTION listed_plan_counts_reset();
--> statement-breakpoint
CREATE FUNCTION renewing_plan_counts_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO renewing_plan_counts (plan, period, n)
    SELECT plan, period, sum(d) FROM (SELECT plan, coalesce(period, 'month') AS period, 1 AS d FROM new_rows WHERE plan > 0 AND status = 'active') t
    GROUP BY plan, period HAVING sum(d) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO renewing_plan_counts (plan, period, n)
    SELECT plan, period, sum(d) FROM (SELECT plan, coalesce(period, 'month') AS period, -1 AS d FROM old_rows WHERE plan > 0 AND status = 'active') t
    GROUP BY plan, period HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_renewing_counts_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION renewing_plan_counts_change();
--> statement-breakpoint
CREATE TRIGGER payments_renewing_counts_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION renewing_plan_counts_change();
--> statement-breakpoint
CREATE FUNCTION renewing_plan_counts_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO renewing_plan_counts (plan, period, n)
  SELECT v.plan, v.period, v.n FROM (VALUES
    (OLD.plan, coalesce(OLD.period, 'month'), -1, OLD.plan > 0 AND OLD.status = 'active'),
    (NEW.plan, coalesce(NEW.period, 'month'), 1, NEW.plan > 0 AND NEW.status = 'active')) AS v(plan, period, n, counts)
  WHERE v.counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_renewing_counts_update AFTER UPDATE ON payments FOR EACH ROW
WHEN ((OLD.plan, OLD.status, OLD.period) IS DISTINCT FROM (NEW.plan, NEW.status, NEW.period))
EXECUTE FUNCTION renewing_plan_counts_move();
--> statement-breakpoint
-- Folds each count's rows into one row per key.
CREATE FUNCTION dashboard_compact() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (DELETE FROM account_daily_counts RETURNING day, account_type, n)
  INSERT INTO account_daily_counts (day, account_type, n)
  SELECT day, account_type, sum(n) FROM gone GROUP BY day, account_type HAVING sum(n) <> 0;
  WITH gone AS (DELETE FROM listed_plan_counts RETURNING plan, n)
  INSERT INTO listed_plan_counts (plan, n) SELECT plan, sum(n) FROM gone GROUP BY plan HAVING sum(n) <> 0;
  WITH gone AS (DELETE FROM renewing_plan_counts RETURNING plan, period, n)
  INSERT INTO renewing_plan_counts (plan, period, n) SELECT plan, period, sum(n) FROM gone GROUP BY plan, period HAVING sum(n) <> 0;
END $$;
--> statement-breakpoint
-- The counts of the rows already there.
INSERT INTO account_daily_counts (day, account_type, n)
SELECT (created_at AT TIME ZONE 'UTC')::date, account_type, count(*) FROM users GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO listed_plan_counts (plan, n) SELECT plan, count(*) FROM doctor_search GROUP BY plan;
--> statement-breakpoint
INSERT INTO renewing_plan_counts (plan, period, n)
SELECT plan, coalesce(period, 'month'), count(*) FROM payments WHERE plan > 0 AND status = 'active' GROUP BY 1, 2;
--> statement-breakpoint
-- Listed rows whose paid period has ended (until the expiry sweep removes them): the reader takes them away.
CREATE INDEX "doctor_search_paid_until_idx" ON "doctor_search" USING btree ("paid_until");
