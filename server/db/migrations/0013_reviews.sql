-- Pet owners and reviews (docs/product.md section 13; docs/decisions/100-reviews-screened-before-public.md).
-- Accounts say whether they belong to a pet owner or a vet (absent at sign-up: 'vet', as old clients
-- expect). Reviews are one per account and practice; automatic screening keeps some 'pending' with a
-- hold_reason for an administrator. Reports are one per account and review; report_count is raised
-- with the insert in one statement, and the third holds a published review. sign_in_addresses keeps
-- the client addresses an account signed in from (for "the vet's own client address" rule), and
-- completed_visits the visits that make a review a verified one (filled by appointments, section 14).
ALTER TABLE "users" ADD COLUMN "account_type" text DEFAULT 'vet' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_type_check" CHECK ("account_type" IN ('owner', 'vet'));--> statement-breakpoint
CREATE TABLE "reviews" (
  "id" serial PRIMARY KEY NOT NULL,
  "doctor_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "author_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "rating" smallint NOT NULL CONSTRAINT "reviews_rating_check" CHECK ("rating" BETWEEN 1 AND 5),
  "title" text NOT NULL,
  "text" text NOT NULL,
  "visit_month" text NOT NULL,
  "species" text NOT NULL,
  "state" text NOT NULL CONSTRAINT "reviews_state_check" CHECK ("state" IN ('published', 'pending', 'rejected', 'removed')),
  "hold_reason" text,
  "verified_visit" boolean DEFAULT false NOT NULL,
  "client_ip" text,
  "report_count" integer DEFAULT 0 NOT NULL,
  "moderation_reason" text,
  "moderated_at" timestamp with time zone,
  "moderated_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "reply_text" text,
  "reply_created_at" timestamp with time zone,
  "reply_updated_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "reviews_author_doctor_key" UNIQUE ("author_id", "doctor_id")
);--> statement-breakpoint
CREATE INDEX "reviews_doctor_state_created_idx" ON "reviews" USING btree ("doctor_id", "state", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "reviews_doctor_state_rating_idx" ON "reviews" USING btree ("doctor_id", "state", "rating", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "reviews_state_created_idx" ON "reviews" USING btree ("state", "created_at", "id");--> statement-breakpoint
CREATE INDEX "reviews_doctor_ip_created_idx" ON "reviews" USING btree ("doctor_id", "client_ip", "created_at");--> statement-breakpoint
CREATE TABLE "review_reports" (
  "review_id" integer NOT NULL REFERENCES "reviews"("id") ON DELETE CASCADE,
  "reporter_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "reason" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "review_reports_pkey" PRIMARY KEY ("review_id", "reporter_id")
);--> statement-breakpoint
CREATE INDEX "review_reports_reporter_idx" ON "review_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE TABLE "sign_in_addresses" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "ip" text NOT NULL,
  "last_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "sign_in_addresses_pkey" PRIMARY KEY ("user_id", "ip")
);--> statement-breakpoint
CREATE TABLE "completed_visits" (
  "owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "doctor_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "completed_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "completed_visits_pkey" PRIMARY KEY ("owner_id", "doctor_id")
);
