import { describe, expect, it } from 'vitest';
import { isAllowedImageUrl, sanitizeArticleHtml, summaryFrom } from './article-html';

describe('sanitizeArticleHtml', () => {
  it('drops scripts, event handlers and unsafe links, and keeps the article structure', () => {
    const clean = sanitizeArticleHtml(
      '<h2>Title</h2><p onclick="x()">Text <strong>bold</strong><script>alert(1)</script><img src=x onerror=alert(1)></p><a href="javascript:alert(1)">bad</a><a href="https://example.org">good</a>',
    );
    expect(clean).toBe(
      '<h2>Title</h2><p>Text <strong>bold</strong></p><a rel="noopener noreferrer nofollow">bad</a><a rel="noopener noreferrer nofollow" href="https://example.org">good</a>',
    );
  });

  it('keeps images from our uploads and https only, with their size and description', () => {
    expect(sanitizeArticleHtml('<img src="/uploads/articles/inline-ab12/1600.webp" alt="A dog" width="1600" height="800" style="x">')).toBe(
      '<img src="/uploads/articles/inline-ab12/1600.webp" alt="A dog" width="1600" height="800" />',
    );
    expect(sanitizeArticleHtml('<p>a</p><img src="http://example.com/x.png"><img src="/api/admin/x"><img src="data:image/png;base64,AA">')).toBe('<p>a</p>');
  });
});

describe('isAllowedImageUrl', () => {
  it("accepts our own image paths only: the CSP's img-src would block an image on another site", () => {
    for (const ok of ['/uploads/articles/cover-1/1600.webp', '/images/articles/dog.svg']) expect(isAllowedImageUrl(ok), ok).toBe(true);
    for (const bad of [
      'https://cdn.example.com/a.jpg',
      '/uploads/../secret',
      '/uploads//x',
      '/api/user',
      'http://x.example/a.png',
      'https://user:pw@x.example/a.png',
      'javascript:alert(1)',
      '//x.example/a.png',
      'https://x.example/a.png"onerror="x',
    ])
      expect(isAllowedImageUrl(bad), bad).toBe(false);
  });
});

describe('summaryFrom', () => {
  it('takes about two sentences of the text, cut at a sentence or a word', () => {
    expect(summaryFrom('<h2>Heat</h2><p>Dogs pant. They overheat fast.</p>')).toBe('Dogs pant. They overheat fast.');
    const long = summaryFrom(`<p>${'Fresh water matters for every pet every day '.repeat(10)}</p>`);
    expect(long.length).toBeLessThanOrEqual(221);
    expect(long.endsWith('…')).toBe(true);
  });
});
