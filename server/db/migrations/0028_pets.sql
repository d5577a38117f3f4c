-- Pet owners' saved pets (docs/product.md section 31; docs/decisions/190-pets-limit-and-appointment-snapshot.md).
-- pet_counts holds each account's number of pets, kept by triggers on pets; its CHECK is the limit, so an
-- insert over 20 fails in its own statement whatever the number of requests at once (as favorites, 0018).
-- An appointment request names the pet (pet_id, cleared when the pet is removed) and keeps what the practice
-- was shown of it (pet: breed, birth date, weight, notes as they were when asked).
CREATE TABLE "pets" (
  "id" serial PRIMARY KEY NOT NULL,
  "owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "species" text NOT NULL,
  "breed" text DEFAULT '' NOT NULL,
  "birth_date" date,
  "weight_kg" double precision,
  "notes" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "pets_owner_idx" ON "pets" USING btree ("owner_id", "created_at", "id");--> statement-breakpoint
CREATE TABLE "pet_counts" (
  "owner_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "count" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "pet_counts_limit" CHECK ("count" BETWEEN 0 AND 20)
);--> statement-breakpoint
CREATE FUNCTION pets_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO pet_counts AS c (owner_id, count) VALUES (NEW.owner_id, 1)
      ON CONFLICT (owner_id) DO UPDATE SET count = c.count + 1;
    RETURN NEW;
  END IF;
  -- A deleted account takes its counter with it (the cascade): nothing to update then.
  UPDATE pet_counts SET count = count - 1 WHERE owner_id = OLD.owner_id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER pets_count AFTER INSERT OR DELETE ON pets FOR EACH ROW EXECUTE FUNCTION pets_count();--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "pet_id" integer REFERENCES "pets"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "pet" jsonb;--> statement-breakpoint
CREATE INDEX "appointments_pet_idx" ON "appointments" USING btree ("pet_id");
