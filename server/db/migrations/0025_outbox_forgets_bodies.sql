-- A sent e-mail keeps only what the operator needs (docs/product.md section 5; issue 34, item 6): its kind,
-- recipient, times and state. The text of a verification link, a reset code or a claim code must not
-- outlive its sending in the table, nor in every backup taken after. The body columns become nullable;
-- the outbox clears them when a message is sent or fails for good, and a waiting message's text is kept
-- encrypted in "sealed" (server/plugins/app/mail/sealed-content.ts).
ALTER TABLE "email_outbox" ALTER COLUMN "subject" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "text_body" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "html_body" DROP NOT NULL;
--> statement-breakpoint
-- The messages sent (or given up on) before this migration.
UPDATE "email_outbox"
SET "subject" = NULL, "text_body" = NULL, "html_body" = NULL, "params" = '{}'::jsonb, "attachments" = '[]'::jsonb,
    "reply_to" = NULL, "to_name" = NULL
WHERE "status" <> 'pending';
--> statement-breakpoint
-- A waiting message's text, encrypted with a key that is not in the database (the JWT secret's), so the
-- write-ahead log, dead row versions and backups never hold it in clear.
ALTER TABLE "email_outbox" ADD COLUMN "sealed" text;
