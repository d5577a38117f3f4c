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
-- New accounts a day by type over a window: an index-only range scan.
CREATE INDEX "users_created_type_idx" ON "users" USING btree ("created_at", "account_type");
