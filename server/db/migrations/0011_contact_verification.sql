-- A practice's contact address receives contact-form messages only once its holder confirmed it by
-- the link e-mailed to it (docs/product.md, 5.7; docs/decisions/085). The confirmed address is kept
-- here; messages go to contact_email only while it equals this column or the account's verified
-- e-mail (so addresses already equal to the account's verified e-mail count as confirmed).
ALTER TABLE profiles ADD COLUMN verified_contact_email text;
