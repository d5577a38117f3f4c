-- Administration (docs/product.md section 10): the client address of every audit entry in its own
-- column (older rows kept it in details), indexes for the activity filters, and trigram indexes so
-- the Manage Users search by name, e-mail or clinic stays fast at 100k accounts (docs/performance.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
UPDATE "audit_log" SET "ip" = "details"->>'ip', "details" = "details" - 'ip' WHERE "details" ? 'ip';--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_id_created_idx" ON "audit_log" USING btree ("target_id","created_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_sort_name_idx" ON "users" USING btree (lower("last_name" || ' ' || "first_name"),"id");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_clinic_trgm_idx" ON "profiles" USING gin (lower("clinic_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_status_idx" ON "newsletter_subscribers" USING btree ("status","created_at");
