-- Pet owners' favourite practices (docs/product.md section 21; docs/decisions/113-favourites-limit-by-trigger.md).
-- One row per account and practice. favorite_counts holds each account's number of favourites, kept by
-- triggers on favorites; its CHECK is the limit, so an insert over the limit fails in its own statement,
-- whatever the number of requests at once (the counter row's lock orders them). Rows stay while a
-- practice is not listed (the list leaves it out) and go with either account.
CREATE TABLE "favorites" (
  "account" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "doctor_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "favorites_pkey" PRIMARY KEY ("account", "doctor_id")
);--> statement-breakpoint
CREATE INDEX "favorites_doctor_idx" ON "favorites" USING btree ("doctor_id");--> statement-breakpoint
CREATE INDEX "favorites_account_created_idx" ON "favorites" USING btree ("account", "created_at" DESC, "doctor_id");--> statement-breakpoint
CREATE TABLE "favorite_counts" (
  "account" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "count" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "favorite_counts_limit" CHECK ("count" BETWEEN 0 AND 500)
);--> statement-breakpoint
CREATE FUNCTION favorites_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO favorite_counts AS c (account, count) VALUES (NEW.account, 1)
      ON CONFLICT (account) DO UPDATE SET count = c.count + 1;
    RETURN NEW;
  END IF;
  -- A deleted account takes its counter with it (the cascade): nothing to update then.
  UPDATE favorite_counts SET count = count - 1 WHERE account = OLD.account;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER favorites_count AFTER INSERT OR DELETE ON favorites FOR EACH ROW EXECUTE FUNCTION favorites_count();
