-- Per-star counts of each practice's published reviews (docs/product.md section 13;
-- docs/decisions/101-ratings-kept-in-the-search-table.md, "Per-star counts for every practice").
-- The reviews list and the profile read the average, the count and the histogram from one row instead
-- of counting a practice's reviews on every call. Every practice has its row, listed or not (doctor_search
-- holds only listed vets). A trigger on reviews adds or takes away one review's share in one
-- INSERT ... ON CONFLICT DO UPDATE (stars_n = stars_n + 1, never read then write), so concurrent reviews
-- lose no update: the second writer waits on the row lock and adds to the first one's sum.
CREATE TABLE "review_stats" (
  "doctor_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "stars_1" integer NOT NULL DEFAULT 0,
  "stars_2" integer NOT NULL DEFAULT 0,
  "stars_3" integer NOT NULL DEFAULT 0,
  "stars_4" integer NOT NULL DEFAULT 0,
  "stars_5" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
-- Only published reviews count, each with its current rating and practice. The EXISTS keeps a practice
-- whose account is being deleted (its reviews go by cascade after it) from getting a row again.
CREATE FUNCTION reviews_stats_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_stats AS s (doctor_id, stars_1, stars_2, stars_3, stars_4, stars_5)
  SELECT c.doctor_id,
         sum(CASE WHEN c.rating = 1 THEN c.added ELSE 0 END), sum(CASE WHEN c.rating = 2 THEN c.added ELSE 0 END),
         sum(CASE WHEN c.rating = 3 THEN c.added ELSE 0 END), sum(CASE WHEN c.rating = 4 THEN c.added ELSE 0 END),
         sum(CASE WHEN c.rating = 5 THEN c.added ELSE 0 END)
  FROM (
    SELECT OLD.doctor_id, OLD.rating::int, -1 WHERE TG_OP <> 'INSERT' AND OLD.state = 'published'
    UNION ALL
    SELECT NEW.doctor_id, NEW.rating::int, 1 WHERE TG_OP <> 'DELETE' AND NEW.state = 'published'
  ) c(doctor_id, rating, added)
  WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.doctor_id)
  GROUP BY c.doctor_id
  ORDER BY c.doctor_id
  ON CONFLICT (doctor_id) DO UPDATE SET
    stars_1 = s.stars_1 + EXCLUDED.stars_1, stars_2 = s.stars_2 + EXCLUDED.stars_2, stars_3 = s.stars_3 + EXCLUDED.stars_3,
    stars_4 = s.stars_4 + EXCLUDED.stars_4, stars_5 = s.stars_5 + EXCLUDED.stars_5;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reviews_stats_insert AFTER INSERT ON reviews FOR EACH ROW WHEN (NEW.state = 'published')
EXECUTE FUNCTION reviews_stats_change();
--> statement-breakpoint
CREATE TRIGGER reviews_stats_delete AFTER DELETE ON reviews FOR EACH ROW WHEN (OLD.state = 'published')
EXECUTE FUNCTION reviews_stats_change();
--> statement-breakpoint
CREATE TRIGGER reviews_stats_update AFTER UPDATE OF state, rating, doctor_id ON reviews FOR EACH ROW
WHEN ((OLD.state = 'published' OR NEW.state = 'published')
      AND (OLD.state, OLD.rating, OLD.doctor_id) IS DISTINCT FROM (NEW.state, NEW.rating, NEW.doctor_id))
EXECUTE FUNCTION reviews_stats_change();
--> statement-breakpoint
INSERT INTO review_stats (doctor_id, stars_1, stars_2, stars_3, stars_4, stars_5)
SELECT doctor_id, count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2), count(*) FILTER (WHERE rating = 3),
       count(*) FILTER (WHERE rating = 4), count(*) FILTER (WHERE rating = 5)
FROM reviews WHERE state = 'published' GROUP BY doctor_id;
--> statement-breakpoint
-- "Highest first" (rating DESC, created_at DESC, id DESC) had no index in its order: reviews_doctor_state_rating_idx
-- read backwards gives the newest last within each star, so PostgreSQL sorted all of a practice's reviews for
-- every page. This one reads a page's rows only. Newest first, lowest first and the star filter already had theirs.
CREATE INDEX "reviews_doctor_state_rating_desc_idx" ON "reviews" USING btree ("doctor_id", "state", "rating" DESC, "created_at" DESC, "id" DESC);
