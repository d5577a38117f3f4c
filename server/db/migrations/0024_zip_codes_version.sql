-- A count of changes to zip_codes, kept in app_meta 'zip_codes_version' by a statement trigger: the
-- search keeps the known places in memory for the typo-tolerant city search and reads them again only
-- when this count moved (docs/decisions/129-unknown-cities-matched-in-memory.md).
CREATE FUNCTION zip_codes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO app_meta (key, value) VALUES ('zip_codes_version', '1')
    ON CONFLICT (key) DO UPDATE SET value = (app_meta.value::bigint + 1)::text;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER zip_codes_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON zip_codes
  FOR EACH STATEMENT EXECUTE FUNCTION zip_codes_changed();
