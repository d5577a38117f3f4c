-- Claims after the third security review (docs/product.md section 20; decision records 126 and 127).
-- The website a claim by e-mail trusts: the one the practice had when it was imported or an administrator
-- last approved its profile, never one its current holder typed (20.8).
ALTER TABLE "profiles" ADD COLUMN "reviewed_website_url" text;
--> statement-breakpoint
-- Unclaimed imported practices trust the website their import gave them, except one a claim was restored
-- from: its website may be the wrongful claimant's, so it claims by document until the next import row.
UPDATE profiles p SET reviewed_website_url = p.website_url
FROM users u
WHERE u.id = p.user_id AND p.external_id IS NOT NULL AND NOT u.claimed
  AND NOT EXISTS (SELECT 1 FROM practice_claims c WHERE c.doctor_id = p.user_id AND c.state = 'restored');
--> statement-breakpoint
-- Code guesses at one practice, over every account and claim, in a window of an hour (20.8): one row per
-- practice, checked and increased in one statement.
CREATE TABLE "practice_claim_guesses" (
  "doctor_id" integer PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  "window_start" timestamptz NOT NULL,
  "guesses" integer NOT NULL DEFAULT 0
);
