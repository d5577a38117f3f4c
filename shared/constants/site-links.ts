// The header and footer links of docs/product.md, Screens and routes, in the spec's order and wording
// (the web layout and the server's prerendered first screen, server/plugins/app/seo/prerender.ts).
export interface NavLinkItem {
  to: string;
  label: string;
}

export const HEADER_LINKS: NavLinkItem[] = [
  { to: '/home', label: 'Home' },
  { to: '/searchdoctor', label: 'Search Doctor' },
  { to: '/aboutus', label: 'About Us' },
  { to: '/blogpage', label: 'Authors Digest' },
  { to: '/services', label: 'Pricing' },
  { to: '/medicine', label: 'Pet medicine' },
  { to: '/insurance', label: 'Pet insurance' },
];

export const FOOTER_EXTRA_LINKS: NavLinkItem[] = [
  { to: '/ai-blogpage', label: 'Articles' },
  { to: '/terms', label: 'Terms' },
  { to: '/privacypolicy', label: 'Policy' },
];

export const CONTACT = { phone: '+1 (800) 555-0142', phoneHref: 'tel:+18005550142', email: 'hello@animaldoctor.app' };
