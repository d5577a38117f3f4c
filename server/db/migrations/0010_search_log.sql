-- Every change of doctor_search is logged, so each app server's in-memory search index can apply
-- the changes it has not seen yet (docs/decisions/073-search-index-in-memory.md). A server asks for
-- the entries of every transaction that may have committed since its last look (xid at or above the
-- xmin of its last snapshot), so commits that land out of order are never skipped. A NULL user_id
-- means "reload everything" (a TRUNCATE, or the seed command's bulk rebuild). Entries older than an
-- hour are pruned by the servers; a server that has not looked for 30 minutes reloads instead.
CREATE TABLE doctor_search_log (
  seq bigserial PRIMARY KEY,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  user_id integer,
  at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX doctor_search_log_xid_idx ON doctor_search_log (xid);
--> statement-breakpoint
CREATE INDEX doctor_search_log_at_idx ON doctor_search_log (at);
--> statement-breakpoint
CREATE FUNCTION doctor_search_log_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO doctor_search_log (user_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER doctor_search_logged AFTER INSERT OR UPDATE OR DELETE ON doctor_search
FOR EACH ROW EXECUTE FUNCTION doctor_search_log_row();
--> statement-breakpoint
CREATE FUNCTION doctor_search_log_reload() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO doctor_search_log (user_id) VALUES (NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER doctor_search_truncated AFTER TRUNCATE ON doctor_search
FOR EACH STATEMENT EXECUTE FUNCTION doctor_search_log_reload();
