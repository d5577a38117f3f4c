// The allow-list every stored article passes through (docs/product.md, Articles): the HTML that is
// saved is the HTML that is served, so nothing outside this list ever reaches a reader's browser.
import sanitizeHtml from 'sanitize-html';

/** Our own image paths: uploads (server/storage) and the illustrations shipped with the web app. */
const OWN_IMAGE_PATH = /^\/(uploads|images)\/[A-Za-z0-9][A-Za-z0-9._\-/]*$/;

/**
 * An image address we accept: one of our own paths only. The Content-Security-Policy's img-src is
 * 'self' (server/plugins/external/security.ts), so an image on another site would never show;
 * images are uploaded here instead (decision record 076).
 */
export function isAllowedImageUrl(value: string): boolean {
  return OWN_IMAGE_PATH.test(value) && !value.includes('..') && !value.includes('//');
}

function isAllowedLink(value: string): boolean {
  if (/[\s"'<>\\`]/.test(value.trim())) return false;
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'mailto:') return url.pathname.includes('@');
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const LINK_REL = 'noopener noreferrer nofollow';
const DIMENSION = /^\d{1,4}$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'blockquote', 'a', 'img', 'hr'],
  allowedAttributes: { a: ['href', 'rel', 'title'], img: ['src', 'alt', 'width', 'height', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Script, style and the like go with their contents; other unknown tags keep their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'title'],
  transformTags: {
    // The article title is the page's only h1.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      const out: sanitizeHtml.Attributes = { rel: LINK_REL };
      if (href && isAllowedLink(href)) out.href = href;
      if (attribs.title) out.title = attribs.title;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const src = attribs.src?.trim() ?? '';
      const out: sanitizeHtml.Attributes = {};
      if (isAllowedImageUrl(src)) out.src = src;
      out.alt = attribs.alt ?? '';
      if (attribs.width && DIMENSION.test(attribs.width)) out.width = attribs.width;
      if (attribs.height && DIMENSION.test(attribs.height)) out.height = attribs.height;
      if (attribs.title) out.title = attribs.title;
      return { tagName, attribs: out };
    },
  },
  // An image whose address was refused is dropped entirely; so is a link left without one.
  exclusiveFilter: (frame) => (frame.tag === 'img' && !frame.attribs.src) || (frame.tag === 'a' && !frame.attribs.href && !frame.text.trim()),
};

/** The stored form of an article's body. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The readable text of sanitised HTML, with block boundaries as spaces. */
export function textOf(html: string): string {
  const spaced = html.replace(/<\/(p|h2|h3|h4|li|blockquote|pre)>|<br\s*\/?>/gi, ' ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** A summary made from the text when the editor leaves it empty: about two sentences, cut at a word. */
export function summaryFrom(html: string, max = 220): string {
  // Headings are left out (they read badly inside a summary); angle brackets are refused in
  // summaries (plain text only), so they are dropped here too.
  const withoutHeadings = html.replace(/<h[2-4][^>]*>[\s\S]*?<\/h[2-4]>/gi, ' ');
  const text = (textOf(withoutHeadings) || textOf(html)).replace(/[<>]/g, '');
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentenceEnd = cut.lastIndexOf('. ');
  if (sentenceEnd > max * 0.5) return cut.slice(0, sentenceEnd + 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : max).replace(/[\s,;:.–-]+$/, '')}…`;
}
