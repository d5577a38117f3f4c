// Writes a page's head and embedded data into the built index.html. Text goes into attributes and
// elements HTML-escaped; JSON goes into <script type="application/ld+json"> and the initial-data
// block with every '<', '>' and '&' escaped, so no value can close the element or start markup.
import { PRODUCT_NAME } from '../../../../shared/constants/messages';
import type { InitialData } from '../../../../shared/schemas/initial-data';
import { INITIAL_DATA_ELEMENT_ID } from '../../../../shared/lib/initial-data';
import type { PageHead } from './page-head';
import { escapeHtml } from '../../../lib/escape-html';

/** JSON that is safe inside a <script> element of any type (also valid JSON and JavaScript). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

export function renderHead(head: PageHead): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) {
    tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
    tags.push(
      meta('property', 'og:site_name', PRODUCT_NAME),
      meta('property', 'og:type', head.ogType ?? 'website'),
      meta('property', 'og:title', head.title),
      meta('property', 'og:description', head.description),
      meta('property', 'og:url', head.canonical),
      meta('property', 'og:locale', 'en_US'),
    );
    if (head.image) {
      tags.push(meta('property', 'og:image', head.image));
      if (head.imageAlt) tags.push(meta('property', 'og:image:alt', head.imageAlt));
    }
    if (head.article) {
      tags.push(
        meta('property', 'article:published_time', head.article.publishedTime),
        meta('property', 'article:modified_time', head.article.modifiedTime),
        meta('property', 'article:author', head.article.author),
      );
    }
    tags.push(
      meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', head.title),
      meta('name', 'twitter:description', head.description),
    );
    if (head.image) tags.push(meta('name', 'twitter:image', head.image));
  }
  for (const node of head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(node)}</script>`);
  return tags.join('\n    ');
}

/** The loader that asks for the app's module script once a rendered page is painted (web/public/start-after-paint.js). */
const START_AFTER_PAINT = '/start-after-paint.js';

/**
 * A page whose first screen is in the HTML: the app's module script is asked for after that screen is painted, by a
 * loader named instead of it, so that its download never delays the first paint and its start comes after it
 * (docs/product.md 11.6, docs/decisions/265-the-app-starts-in-steps.md). Module preloads, if any, are fetched at
 * low priority (docs/decisions/074-prerendered-first-screen.md).
 */
export function scriptsAfterFirstPaint(html: string): string {
  return html
    .replace(
      /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/i,
      (_, src: string) => `<script defer src="${START_AFTER_PAINT}" data-app="${src}"></script>`,
    )
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/gi, '<link rel="modulepreload" fetchpriority="low"');
}

/** What a page adds to the shell besides its head: its route's <link> tags and its prerendered first screen. */
export interface PageBody {
  links?: string;
  /** HTML for inside <div id="root">, rendered by React (page-renderer.ts). */
  body?: string;
}

/**
 * Puts the head into the built shell (replacing its default title and description) and the data
 * block before the app's root element. The shell is split once at start; each page is a join.
 */
export function shellRenderer(indexHtml: string): (head: PageHead, data?: InitialData, page?: PageBody) => string {
  const withoutDefaults = indexHtml.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const foundRoot = withoutDefaults.search(/<div id="root">/i);
  const rootAt = foundRoot < 0 ? withoutDefaults.length : foundRoot;
  const foundHeadEnd = withoutDefaults.search(/<\/head>/i);
  const headEnd = foundHeadEnd < 0 || foundHeadEnd > rootAt ? rootAt : foundHeadEnd;
  const [start, middle, end] = [withoutDefaults.slice(0, headEnd), withoutDefaults.slice(headEnd, rootAt), withoutDefaults.slice(rootAt)];
  const renderedStart = scriptsAfterFirstPaint(start);
  const emptyRoot = /^<div id="root">\s*<\/div>/i;
  return (head, data, page) => {
    const block = data ? `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>\n    ` : '';
    // `data-prerendered` tells the browser to hydrate this markup (web/main.tsx), which removes the mark then.
    const rest = page?.body && emptyRoot.test(end) ? end.replace(emptyRoot, () => `<div id="root" data-prerendered="">${page.body}</div>`) : end;
    // A page whose first screen is in the HTML does not wait for its scripts; the others need them to paint.
    const prerendered = rest !== end;
    const links = page?.links ? `\n    ${prerendered ? scriptsAfterFirstPaint(page.links) : page.links}` : '';
    return `${prerendered ? renderedStart : start}  ${renderHead(head)}${links}\n  ${middle}${block}${rest}`;
  };
}
