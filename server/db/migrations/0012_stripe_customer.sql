-- The account keeps its Stripe customer from the first checkout on (docs/product.md, Plans and payment):
-- every later checkout reuses it instead of making another customer. Customers of paid Stripe plans are
-- already known from their payment rows.
ALTER TABLE "users" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
UPDATE "users" SET "stripe_customer_id" = "payments"."customer_id"
FROM "payments"
WHERE "payments"."user_id" = "users"."id" AND "payments"."provider" = 'stripe' AND "payments"."customer_id" IS NOT NULL;
