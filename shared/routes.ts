// The route table of the app (docs/product.md, Screens and routes; Pages and look): every page's address, its page
// module, who may open it, its fixed title and description, the data its first screen embeds and whether the server
// renders it. The web router (web/app/router.tsx), the server's page head, renderer, route chunks and the sitemap
// all read this one list (docs/decisions/090-one-route-table.md). Adding a page is one entry here plus its module.
import { PRODUCT_NAME } from './constants/messages';

/** Who a guarded page is for (docs/product.md, Roles and guards); the web app's Guard only decides what to show. */
export type GuardKind = 'loggedIn' | 'admin' | 'paidPlan' | 'signedOut';

export type ArticleKind = 'blog' | 'ai';

/** The API answer the server embeds in a page (#initial-data, shared/schemas/initial-data.ts). */
export type FirstScreenData =
  | { kind: 'doctor' }
  | { kind: 'article'; articles: ArticleKind }
  /** The list's first page with the defaults; another page or a search asks the API. */
  | { kind: 'articleList'; articles: ArticleKind };

interface RouteBase {
  /** A React Router pattern: `/name`, with `:param` segments. */
  path: string;
  /** The page module, relative to web/ (the name Vite's build manifest gives its chunk). */
  module: `features/${string}/pages/${string}-page.tsx`;
  guard?: GuardKind;
  firstScreen?: FirstScreenData;
  /** React renders the first screen on the server and the browser hydrates it (docs/decisions/089-server-rendering-with-react.md). */
  serverRendered?: true;
}

export type RouteEntry = RouteBase &
  (
    | /** For one person (accounts, setup, administration, checkout): `noindex`, and disallowed in robots.txt. */ { access: 'private' }
    | /** Fixed content: this head, and listed in the static sitemap. */ { access: 'public'; title: string; description: string }
    | /** A record's page: its head comes from the record, and it is a 404 when the record is not public. */ {
        access: 'public';
        firstScreen: Extract<FirstScreenData, { kind: 'doctor' | 'article' }>;
      }
  );

export const SITE_DESCRIPTION = 'Animal Doctor connects pet owners with local veterinarians and animal hospitals. Search vets by zip code, city or state.';

/** A page for one person (access 'private'), behind `guard` when it has one. */
function forOne<P extends string, M extends RouteBase['module'], G extends GuardKind | undefined = undefined>(path: P, module: M, guard?: G) {
  return { path, module, access: 'private', ...(guard ? { guard } : {}) } as { path: P; module: M; access: 'private'; guard?: G };
}

/** Every page; the fixed public pages in the order the static sitemap lists them. */
export const ROUTES = {
  home: { path: '/home', module: 'features/home/pages/home-page.tsx', access: 'public', title: 'Find a veterinarian near you', description: SITE_DESCRIPTION },
  searchDoctor: {
    path: '/searchdoctor',
    module: 'features/doctors/pages/search-doctor-page.tsx',
    access: 'public',
    title: 'Find a vet',
    description: 'Find veterinarians and animal hospitals near you by zip code, city or state, with opening hours, services and emergency care.',
    serverRendered: true,
  },
  blog: {
    path: '/blogpage',
    module: 'features/blog/pages/blog-page.tsx',
    access: 'public',
    title: 'Authors Digest',
    description: 'Practical advice on pet health, nutrition and care from veterinarians and pet-care writers.',
    firstScreen: { kind: 'articleList', articles: 'blog' },
    serverRendered: true,
  },
  aiBlog: {
    path: '/ai-blogpage',
    module: 'features/blog/pages/ai-blog-page.tsx',
    access: 'public',
    title: 'Articles',
    description: 'AI-assisted articles on pet care, each reviewed by our editors before it is published.',
    firstScreen: { kind: 'articleList', articles: 'ai' },
    serverRendered: true,
  },
  services: {
    path: '/services',
    module: 'features/payment/pages/services-page.tsx',
    access: 'public',
    title: 'Pricing',
    description: 'Plans for veterinarians: choose how your practice appears to pet owners. Every plan includes a reviewed public profile.',
    serverRendered: true,
  },
  medicine: {
    path: '/medicine',
    module: 'features/content/pages/medicine-page.tsx',
    access: 'public',
    title: 'Pet medicine',
    description: 'What every pet owner should know about prescriptions, preventives and giving medicine safely.',
  },
  insurance: {
    path: '/insurance',
    module: 'features/content/pages/insurance-page.tsx',
    access: 'public',
    title: 'Pet insurance',
    description: 'How pet insurance works and how to choose a policy for unexpected vet bills.',
  },
  about: {
    path: '/aboutus',
    module: 'features/content/pages/about-page.tsx',
    access: 'public',
    title: 'About Us',
    description: 'Why we built Animal Doctor: finding the right vet should not depend on luck.',
  },
  privacy: {
    path: '/privacypolicy',
    module: 'features/content/pages/privacy-page.tsx',
    access: 'public',
    title: 'Privacy Policy',
    description: 'How Animal Doctor collects, uses and protects personal information.',
  },
  terms: {
    path: '/terms',
    module: 'features/content/pages/terms-page.tsx',
    access: 'public',
    title: 'Terms',
    description: 'The rules for using Animal Doctor.',
  },
  doctorProfile: {
    path: '/viewdoctorprofile/:id',
    module: 'features/doctors/pages/doctor-profile-page.tsx',
    access: 'public',
    firstScreen: { kind: 'doctor' },
    serverRendered: true,
  },
  article: {
    path: '/singlepost/:id',
    module: 'features/blog/pages/single-post-page.tsx',
    access: 'public',
    firstScreen: { kind: 'article', articles: 'blog' },
    serverRendered: true,
  },
  aiArticle: {
    path: '/ai-singlepost/:id',
    module: 'features/blog/pages/ai-single-post-page.tsx',
    access: 'public',
    firstScreen: { kind: 'article', articles: 'ai' },
    serverRendered: true,
  },
  // Rendered as a visitor sees them (a visitor is signed out); the guard decides after hydration
  // (docs/decisions/250-auth-forms-without-antd.md).
  signin: { path: '/signin', module: 'features/auth/pages/signin-page.tsx', access: 'private', guard: 'signedOut', serverRendered: true },
  signup: { path: '/signup', module: 'features/auth/pages/signup-page.tsx', access: 'private', guard: 'signedOut', serverRendered: true },
  verify: forOne('/verify', 'features/auth/pages/verify-page.tsx'),
  verifyToken: forOne('/verify/token', 'features/auth/pages/verify-token-page.tsx'),
  verifyContact: forOne('/verify/contact', 'features/profile/pages/verify-contact-page.tsx'),
  verified: forOne('/congratulationverify/:id', 'features/auth/pages/congratulation-page.tsx', 'loggedIn'),
  forgotPassword: forOne('/forgotpassword', 'features/auth/pages/forgot-password-page.tsx'),
  checkout: forOne('/checkout/:id', 'features/payment/pages/checkout-page.tsx', 'loggedIn'),
  unsubscribe: forOne('/unsubscribe', 'features/newsletter/pages/unsubscribe-page.tsx'),
  setupProfile: forOne('/setupprofile', 'features/profile/pages/setup-profile-page.tsx', 'paidPlan'),
  viewProfile: forOne('/viewprofile', 'features/profile/pages/view-profile-page.tsx', 'loggedIn'),
  claimPractice: forOne('/claim/:id', 'features/claims/pages/claim-page.tsx', 'loggedIn'),
  myReviews: forOne('/myreviews', 'features/reviews/pages/my-reviews-page.tsx', 'loggedIn'),
  /** The account settings and the account's own data (docs/product.md sections 22 and 25). */
  account: forOne('/account', 'features/account/pages/account-page.tsx', 'loggedIn'),
  /** The link sent to a new e-mail address completes its change (docs/product.md section 25); no session needed. */
  confirmEmail: forOne('/account/email', 'features/account/pages/confirm-email-page.tsx'),

  myAppointments: forOne('/myappointments', 'features/appointments/pages/my-appointments-page.tsx', 'loggedIn'),

  /** Conversations between owners and practices (docs/product.md section 32): the list, then one thread. */
  messages: forOne('/messages', 'features/messages/pages/messages-page.tsx', 'loggedIn'),
  thread: forOne('/messages/:id', 'features/messages/pages/thread-page.tsx', 'loggedIn'),

  myVets: forOne('/myvets', 'features/doctors/pages/my-vets-page.tsx', 'loggedIn'),
  /** An owner's saved pets (docs/product.md section 31). */
  myPets: forOne('/mypets', 'features/pets/pages/my-pets-page.tsx', 'loggedIn'),
  admin: forOne('/admin', 'features/admin/pages/manage-users-page.tsx', 'admin'),
  articleEditor: forOne('/articleeditor', 'features/articles/pages/manage-articles-page.tsx', 'admin'),
} as const satisfies Record<string, RouteEntry>;

export type RouteName = keyof typeof ROUTES;

/** The table as a list, in its order. */
export const ROUTE_LIST: ReadonlyArray<readonly [RouteName, RouteEntry]> = Object.entries(ROUTES) as Array<[RouteName, RouteEntry]>;

/** Where the app's root address (`/`) sends the browser; the server answers it with that page's head. */
export const HOME_PATH = ROUTES.home.path;

/** A path without trailing slashes (`/home/` is `/home`; `/` stays). */
export const normalizePath = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname);

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MATCHERS = ROUTE_LIST.map(([name, route]) => {
  const params: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return escapeRegExp(segment);
      params.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { name, route, params, pattern: new RegExp(`^${source}$`) };
});

export interface RouteMatch {
  name: RouteName;
  route: RouteEntry;
  /** The `:param` segments, as they appear in the path (not decoded). */
  params: Record<string, string>;
}

/** The route of a path, or undefined for an address the app does not have (a 404). */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const path = normalizePath(pathname);
  for (const { name, route, params, pattern } of MATCHERS) {
    const found = pattern.exec(path);
    if (found) return { name, route, params: Object.fromEntries(params.map((param, i) => [param, found[i + 1]!])) };
  }
  return undefined;
}

/** A route's address with its `:param` segments filled in. */
export const routePath = (name: RouteName, params: Record<string, string | number> = {}): string =>
  ROUTES[name].path.replace(/:(\w+)/g, (_, param: string) => String(params[param]));

/**
 * Every page's path by its name in the table (`paths.searchDoctor` is `/searchdoctor`): the web app's links and
 * redirects name a page, never spell its path (docs/decisions/157-page-paths-from-the-route-table.md). A page with
 * `:param` segments takes routePath(name, params).
 */
export const paths = Object.fromEntries(ROUTE_LIST.map(([name, route]) => [name, route.path])) as { readonly [N in RouteName]: (typeof ROUTES)[N]['path'] };

/**
 * A page's full address on the site (`site` is the public URL without a trailing slash): the one way
 * e-mails, payment returns and the server's links name a page, so a page's path lives only in this table.
 */
export function pageUrl(
  site: string,
  name: RouteName,
  options: { params?: Record<string, string | number>; query?: Record<string, string>; hash?: string } = {},
): string {
  const query = options.query ? String(new URLSearchParams(options.query)) : '';
  return `${site}${routePath(name, options.params)}${query ? `?${query}` : ''}${options.hash ? `#${options.hash}` : ''}`;
}

/** The route whose first screen is this data (an article kind's page or list, the doctor's profile). */
export function routeShowing(data: FirstScreenData): RouteName {
  const found = ROUTE_LIST.find(
    ([, { firstScreen }]) =>
      firstScreen?.kind === data.kind && (!('articles' in data) || ('articles' in firstScreen && firstScreen.articles === data.articles)),
  );
  if (!found) throw new Error(`No route shows ${data.kind}`);
  return found[0];
}

/** The fixed public pages (their own head), in the order the static sitemap lists them. */
export const FIXED_PAGES = ROUTE_LIST.flatMap(([name, route]) =>
  'title' in route ? [{ name, path: route.path, title: route.title, description: route.description }] : [],
);

/**
 * The address prefixes of private pages, for robots.txt: each private route up to its first `:param`, without the
 * ones a shorter prefix already covers (`/verify` covers `/verify/token`).
 */
export const PRIVATE_PATH_PREFIXES: string[] = (() => {
  const prefixes = ROUTE_LIST.filter(([, route]) => route.access === 'private').map(([, route]) => route.path.split('/:')[0]!);
  return [...new Set(prefixes)].filter((prefix) => !prefixes.some((other) => other !== prefix && prefix.startsWith(`${other}/`)));
})();

export const documentTitle = (title: string): string => `${title} · ${PRODUCT_NAME}`;
