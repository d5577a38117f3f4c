-- The password reset window belongs to the browser that entered the code (docs/security.md, row 1):
-- the hash of the single-use reset token that browser holds in an HttpOnly cookie.
ALTER TABLE "verification_codes" ADD COLUMN "reset_token_hash" text;
