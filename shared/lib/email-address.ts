// How an e-mail address is compared and stored (docs/product.md, Accounts and tokens): without the
// spaces around it and lower-cased, so one address is one account, one subscriber and one claim,
// however it was typed.

/** The address as it is stored and compared. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
