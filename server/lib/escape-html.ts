// The one escaper for text placed into HTML or XML markup (pages' heads, e-mails, the sitemap): the
// five characters that could close an attribute or start markup become entities. `&#39;` rather than
// `&apos;` for the quote, since HTML 4 mail readers do not know `&apos;` and XML knows both.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
