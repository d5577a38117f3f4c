// The header and footer links of docs/product.md, Screens and routes, in the spec's order and wording
// (the web layout and the server's prerendered first screen, server/plugins/app/seo/prerender.ts).
import { paths } from '../routes';

export interface NavLinkItem {
  to: string;
  label: string;
}

export const HEADER_LINKS: NavLinkItem[] = [
  { to: paths.home, label: 'Home' },
  { to: paths.searchDoctor, label: 'Search Doctor' },
  { to: paths.about, label: 'About Us' },
  { to: paths.blog, label: 'Authors Digest' },
  { to: paths.services, label: 'Pricing' },
  { to: paths.medicine, label: 'Pet medicine' },
  { to: paths.insurance, label: 'Pet insurance' },
];

export const FOOTER_EXTRA_LINKS: NavLinkItem[] = [
  { to: paths.aiBlog, label: 'Articles' },
  { to: paths.terms, label: 'Terms' },
  { to: paths.privacy, label: 'Policy' },
];

export const CONTACT = { phone: '+1 (800) 555-0142', phoneHref: 'tel:+18005550142', email: 'hello@animaldoctor.app' };
