// What the server puts in the <head> of each page before the app runs (docs/product.md, Pages and
// look): titles and descriptions of the fixed pages, the pages kept out of search engines, and the
// app's route patterns (any other path answers 404). Titles match the ones the pages set.
import { PRODUCT_NAME } from './messages';

export interface StaticPageMeta {
  path: string;
  /** The page's own title; the document title is "<title> · Animal Doctor". */
  title: string;
  description: string;
}

export const SITE_DESCRIPTION = 'Animal Doctor connects pet owners with local veterinarians and animal hospitals. Search vets by zip code, city or state.';

/** Public pages with fixed content, in the order the static sitemap lists them. */
export const STATIC_PAGES: StaticPageMeta[] = [
  { path: '/home', title: 'Find a veterinarian near you', description: SITE_DESCRIPTION },
  {
    path: '/searchdoctor',
    title: 'Search Doctor',
    description: 'Find veterinarians and animal hospitals near you by zip code, city or state, with opening hours, services and emergency care.',
  },
  { path: '/blogpage', title: 'Authors Digest', description: 'Practical advice on pet health, nutrition and care from veterinarians and pet-care writers.' },
  { path: '/ai-blogpage', title: 'Articles', description: 'AI-assisted articles on pet care, each reviewed by our editors before it is published.' },
  {
    path: '/services',
    title: 'Pricing',
    description: 'Plans for veterinarians: choose how your practice appears to pet owners. Every plan includes a reviewed public profile.',
  },
  { path: '/medicine', title: 'Pet medicine', description: 'What every pet owner should know about prescriptions, preventives and giving medicine safely.' },
  { path: '/insurance', title: 'Pet insurance', description: 'How pet insurance works and how to choose a policy for unexpected vet bills.' },
  { path: '/aboutus', title: 'About Us', description: 'Why we built Animal Doctor: finding the right vet should not depend on luck.' },
  { path: '/privacypolicy', title: 'Privacy Policy', description: 'How Animal Doctor collects, uses and protects personal information.' },
  { path: '/terms', title: 'Terms', description: 'The rules for using Animal Doctor.' },
];

/** Pages for one person (accounts, setup, administration, checkout): `noindex`, and disallowed in robots.txt. */
export const PRIVATE_PATH_PREFIXES = [
  '/admin',
  '/articleeditor',
  '/setupprofile',
  '/viewprofile',
  '/signin',
  '/signup',
  '/verify',
  '/congratulationverify',
  '/forgotpassword',
  '/checkout',
  '/unsubscribe',
];

/** Paths of public pages with a record behind them (the id may carry a leading colon, as the app links it). */
export const RECORD_PAGES = {
  doctor: /^\/viewdoctorprofile\/:?(\d{1,9})$/,
  article: /^\/singlepost\/:?(\d{1,9})$/,
  aiArticle: /^\/ai-singlepost\/:?(\d{1,9})$/,
} as const;

export const isPrivatePath = (pathname: string): boolean => PRIVATE_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

export const documentTitle = (title: string): string => `${title} · ${PRODUCT_NAME}`;
