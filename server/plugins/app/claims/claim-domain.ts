// Which e-mail addresses may claim a practice by code (docs/product.md section 20; docs/decisions/111-claim-by-email-domain.md).
// The address's domain must be exactly the practice website's host without a leading "www.", both
// lower-cased and in their ASCII (punycode) form. Nothing looser: not a parent domain (a practice at
// vet.bigcorp.com does not own bigcorp.com), not a subdomain (mail.example.com may be anyone's), not a
// look-alike (examp1e.com, exámple.com, example.co). A website on a shared platform (a social network,
// a site builder's own domain) proves nothing about who holds an address there: those claim by document.
import { domainToASCII } from 'node:url';

/** Hosts where anyone can have a page: their addresses prove nothing about a practice. */
const SHARED_HOSTS = [
  'facebook.com',
  'instagram.com',
  'yelp.com',
  'google.com',
  'business.site',
  'wixsite.com',
  'squarespace.com',
  'wordpress.com',
  'blogspot.com',
  'godaddysites.com',
  'weebly.com',
  'linktr.ee',
  'gmail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
];

/** The domain an address at the practice must have, or undefined when its website cannot prove one. */
export function practiceEmailDomain(websiteUrl: string | null): string | undefined {
  if (!websiteUrl) return undefined;
  let host: string;
  try {
    const url = new URL(websiteUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    host = url.hostname; // WHATWG URL already gives the ASCII (punycode), lower-case host
  } catch {
    return undefined;
  }
  host = host.replace(/\.$/, '').replace(/^www\./, '');
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[')) return undefined;
  if (SHARED_HOSTS.some((shared) => host === shared || host.endsWith(`.${shared}`))) return undefined;
  return host;
}

/** The domain of an e-mail address, lower-case and in ASCII; undefined when it is not one. */
export function emailDomain(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  if (at < 1 || at !== email.indexOf('@')) return undefined;
  const ascii = domainToASCII(
    email
      .slice(at + 1)
      .trim()
      .toLowerCase()
      .replace(/\.$/, ''),
  );
  return ascii && ascii.includes('.') ? ascii : undefined;
}

/** Whether `email` is at the practice's own domain. */
export function emailMatchesPractice(email: string, websiteUrl: string | null): boolean {
  const wanted = practiceEmailDomain(websiteUrl);
  const given = emailDomain(email);
  return wanted !== undefined && given !== undefined && given === wanted;
}

/** The file types a claim document may be, told by their first bytes (never by name or declared type). */
export function documentType(bytes: Buffer): { contentType: string; extension: string } | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { contentType: 'application/pdf', extension: 'pdf' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { contentType: 'image/png', extension: 'png' };
  return undefined;
}
