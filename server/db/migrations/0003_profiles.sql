-- Profiles and review (docs/product.md section 6): the avatar's upload key (its sizes are deleted when
-- it is replaced), and indexes for reading a profile's change history and a user's uploads.
ALTER TABLE "profiles" ADD COLUMN "avatar_key" text;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id");
