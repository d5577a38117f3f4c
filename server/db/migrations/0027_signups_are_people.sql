-- Sign-ups count people (docs/product.md 29.4; docs/decisions/182-sign-ups-count-people.md): an imported
-- listing (users.claimed = false) is nobody's account, so the dashboard's new-accounts counts leave it out.
-- A listing counts from the moment a vet claims it (claimed turns true); the claimant's own account row is
-- deleted by the transfer, so the person is still counted once.
CREATE OR REPLACE FUNCTION account_daily_counts_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO account_daily_counts (day, account_type, n)
    SELECT day, account_type, sum(d) FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, account_type, 1 AS d FROM new_rows WHERE claimed) t
    GROUP BY day, account_type HAVING sum(d) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO account_daily_counts (day, account_type, n)
    SELECT day, account_type, sum(d) FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, account_type, -1 AS d FROM old_rows WHERE claimed) t
    GROUP BY day, account_type HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_daily_counts_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_daily_counts (day, account_type, n)
  SELECT v.day, v.account_type, v.n FROM (VALUES
    ((OLD.created_at AT TIME ZONE 'UTC')::date, OLD.account_type, -1, OLD.claimed),
    ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.account_type, 1, NEW.claimed)) AS v(day, account_type, n, counts)
  WHERE v.counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER users_account_counts_update ON users;
--> statement-breakpoint
CREATE TRIGGER users_account_counts_update AFTER UPDATE ON users FOR EACH ROW
WHEN ((OLD.created_at, OLD.account_type, OLD.claimed) IS DISTINCT FROM (NEW.created_at, NEW.account_type, NEW.claimed))
EXECUTE FUNCTION account_daily_counts_move();
--> statement-breakpoint
-- The counts again from the accounts there are, people only.
DELETE FROM account_daily_counts;
--> statement-breakpoint
INSERT INTO account_daily_counts (day, account_type, n)
SELECT (created_at AT TIME ZONE 'UTC')::date, account_type, count(*) FROM users WHERE claimed GROUP BY 1, 2;
