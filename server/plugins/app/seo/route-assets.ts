// The files of a page's own lazy route, named in its head, so the browser fetches them with the app's
// main script instead of after it (HTML -> main JS and route JS together, not one after the other;
// docs/decisions/074-prerendered-first-screen.md). Read from Vite's build manifest (dist/web/.vite/manifest.json).
// NOTE: the table repeats the lazy imports of web/app/router.tsx for the pages anyone can open; a page missing
// here only loses the head start. seo.test.ts checks that every module named here is in the built manifest.
import { escapeHtml } from './html';

/** A chunk of Vite's manifest (only the fields used here). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** Public route -> its page module, relative to web/ as the manifest names it. */
export const ROUTE_MODULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/home$/, 'features/home/pages/home-page.tsx'],
  [/^\/searchdoctor$/, 'features/doctors/pages/search-doctor-page.tsx'],
  [/^\/viewdoctorprofile\/[^/]+$/, 'features/doctors/pages/doctor-profile-page.tsx'],
  [/^\/blogpage$/, 'features/blog/pages/blog-page.tsx'],
  [/^\/singlepost\/[^/]+$/, 'features/blog/pages/single-post-page.tsx'],
  [/^\/ai-blogpage$/, 'features/blog/pages/ai-blog-page.tsx'],
  [/^\/ai-singlepost\/[^/]+$/, 'features/blog/pages/ai-single-post-page.tsx'],
  [/^\/services$/, 'features/payment/pages/services-page.tsx'],
  [/^\/medicine$/, 'features/content/pages/medicine-page.tsx'],
  [/^\/insurance$/, 'features/content/pages/insurance-page.tsx'],
  [/^\/aboutus$/, 'features/content/pages/about-page.tsx'],
  [/^\/privacypolicy$/, 'features/content/pages/privacy-page.tsx'],
  [/^\/terms$/, 'features/content/pages/terms-page.tsx'],
  [/^\/signin$/, 'features/auth/pages/signin-page.tsx'],
  [/^\/signup$/, 'features/auth/pages/signup-page.tsx'],
  [/^\/forgotpassword$/, 'features/auth/pages/forgot-password-page.tsx'],
];

/**
 * Answers a function that gives, for a path, the `<link>` tags of its route's chunk: modulepreload for its
 * JavaScript (and the shared chunks it imports) and stylesheet for its CSS, leaving out what the shell
 * already loads. Vite's own loader finds these links and does not fetch the files twice.
 */
export function routeAssetLinks(manifest: Manifest | undefined): (pathname: string) => string {
  if (!manifest) return () => '';
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  const shell = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key].imports ?? []) walk(next, into);
  };
  if (entry) walk(entry[0], shell);
  const cache = new Map<string, string>();
  const linksOf = (module: string): string => {
    const cached = cache.get(module);
    if (cached !== undefined) return cached;
    const keys = new Set<string>();
    walk(module, keys);
    const own = [...keys].filter((key) => !shell.has(key));
    const scripts = own.map((key) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(manifest[key]!.file)}" />`);
    const styles = [...new Set(own.flatMap((key) => manifest[key]!.css ?? []))].map(
      (file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`,
    );
    const links = [...styles, ...scripts].join('\n    ');
    cache.set(module, links);
    return links;
  };
  return (pathname) => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const found = ROUTE_MODULES.find(([pattern]) => pattern.test(path));
    return found && manifest[found[1]] ? linksOf(found[1]) : '';
  };
}
