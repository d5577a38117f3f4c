-- Account settings (docs/product.md section 25; docs/decisions/144-account-settings.md).
-- An e-mail change waits in pending_email until the link sent to it is followed; only the newest link
-- (its token id in pending_email_jti) can complete it. The e-mail preferences default to on, as the
-- e-mails were sent before they existed.
ALTER TABLE "users" ADD COLUMN "pending_email" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email_jti" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_reminders" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_review_invitations" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_request_updates" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_messages" boolean DEFAULT true NOT NULL;
