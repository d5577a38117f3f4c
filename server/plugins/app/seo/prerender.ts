// The first screen of a page as HTML, inside <div id="root">, so the browser paints it before the JavaScript runs
// (docs/decisions/074-prerendered-first-screen.md). It is not server rendering of React: a small template that writes
// the same elements and class names as the web app's layout and pages (web/app/layout/layout.tsx,
// doctor-profile-page.tsx, article-content.tsx, article-list.tsx, services-page.tsx), from the data the page embeds
// (#initial-data) or from shared constants, so the app's own stylesheet styles it. React replaces it in one commit
// once the page's route has loaded (web/main.tsx). Every value is written with escapeHtml; an article's contents are
// the sanitised HTML the page itself shows (docs/product.md, Articles). No script: the CSP stays script-src 'self'.
// Controls that need the app (buttons, the search box) are written disabled: a tap before the app has started would
// do nothing, and the app's own control replaces each one (the menu toggle too: without the app the nav is hidden on
// a phone, as it is until the toggle works).
// NOTE: when one of those components changes its markup, change the template with it, or the page jumps
// when React takes over (tests/e2e/prerender.test.ts measures the layout shift).
import { BLOG_DEFAULTS } from '../../../../shared/constants/messages';
import { PLANS, SANDBOX_NOTICE, formatPrice, planPrice } from '../../../../shared/constants/plans';
import { CONTACT, FOOTER_EXTRA_LINKS, HEADER_LINKS } from '../../../../shared/constants/site-links';
import { isOpenAt } from '../../../../shared/opening-hours';
import type { Article, ArticleList } from '../../../../shared/schemas/article';
import type { DoctorPage } from '../../../../shared/schemas/doctor';
import type { InitialData } from '../../../../shared/schemas/initial-data';
import { escapeHtml as e } from './html';

const LOGO = `<span class="logo"><svg class="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true"><rect width="32" height="32" rx="9" fill="#0958d9"></rect><path d="M16 23.5c-3.6 0-6.5-2-6.5-4.6 0-2.2 2.2-4.4 6.5-4.4s6.5 2.2 6.5 4.4c0 2.6-2.9 4.6-6.5 4.6z" fill="#fff"></path><circle cx="9.5" cy="11.5" r="2.3" fill="#fff"></circle><circle cx="14" cy="8.5" r="2.3" fill="#fff"></circle><circle cx="18" cy="8.5" r="2.3" fill="#fff"></circle><circle cx="22.5" cy="11.5" r="2.3" fill="#fff"></circle><path d="M15 17h2v1.5h1.5v2H17V22h-2v-1.5h-1.5v-2H15z" fill="#0958d9"></path></svg><span class="logo-word">Animal <strong>Doctor</strong></span></span>`;

const DAY_NAMES: Record<string, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

/** 'MMM DD, YYYY' as web/lib/format-date.ts writes it. */
function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
}

function header(path: string): string {
  const links = HEADER_LINKS.map(
    (link) => `<li><a${path === link.to ? ' aria-current="page" class="active"' : ''} href="${e(link.to)}">${e(link.label)}</a></li>`,
  ).join('');
  return (
    `<header class="site-header"><div class="container header-inner">` +
    `<a class="brand" aria-label="Animal Doctor home" href="/home">${LOGO}</a>` +
    `<nav class="main-nav" id="main-nav" aria-label="Main"><ul>${links}</ul></nav>` +
    `<div class="header-actions"><a class="button button-primary sign-in-button" href="/signin">Sign in</a>` +
    `<button type="button" disabled class="menu-toggle" aria-controls="main-nav" aria-expanded="false" aria-label="Open menu">` +
    `<span aria-hidden="true"></span><span aria-hidden="true"></span><span aria-hidden="true"></span></button></div>` +
    `</div></header>`
  );
}

function footer(): string {
  const links = [...HEADER_LINKS, ...FOOTER_EXTRA_LINKS].map((link) => `<li><a href="${e(link.to)}">${e(link.label)}</a></li>`).join('');
  return (
    `<footer class="site-footer"><div class="container footer-grid"><div class="footer-brand">${LOGO}` +
    `<p>Animal Doctor connects pet owners with trusted local veterinarians and animal hospitals across the United States.</p>` +
    `<p class="footer-contact"><a href="${e(CONTACT.phoneHref)}">${e(CONTACT.phone)}</a><br><a href="mailto:${e(CONTACT.email)}">${e(CONTACT.email)}</a></p></div>` +
    `<nav aria-label="Footer"><h2 class="footer-heading">Explore</h2><ul class="footer-links">${links}</ul></nav>` +
    `<div class="footer-newsletter"></div></div>` +
    `<div class="container footer-bottom"><p>© ${new Date().getFullYear()} Animal Doctor. All rights reserved.</p></div></footer>`
  );
}

function hero(eyebrow: string, title: string, lead: string): string {
  return `<section class="page-hero"><div class="container"><p class="eyebrow">${e(eyebrow)}</p><h1>${e(title)}</h1><p class="lead">${e(lead)}</p></div></section>`;
}

const card = (title: string, body: string) => `<div class="card"><h2>${e(title)}</h2>${body}</div>`;

function profile(doctor: DoctorPage): string {
  const openNow = isOpenAt(doctor.working_time, doctor.time_zone) ?? doctor.open_now ?? null;
  const address = [doctor.street, doctor.city, doctor.state && `${doctor.state} ${doctor.zip ?? ''}`.trim()].filter(Boolean).join(', ');
  const clinic = doctor.clinic_name ?? doctor.name;
  const directions = address ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${clinic}, ${address}`)}` : undefined;
  const hasPoint = typeof doctor.latitude === 'number' && typeof doctor.longitude === 'number';
  // As the page's DoctorBadges without openNow: the hero does not say open or closed (the hours card does).
  const badges = [
    doctor.emergency ? '<li class="tag tag-emergency">24/7 emergency</li>' : '',
    doctor.accepting_new_patients
      ? `<li class="tag tag-accepting">Accepting new patients${doctor.accepting_confirmed_at ? ` · confirmed ${e(formatDate(doctor.accepting_confirmed_at))}` : ''}</li>`
      : '',
  ].join('');
  // Left out of the answer when the plan does not include them (docs/product.md, Plans and payment).
  const photos = doctor.photos ?? [];
  const services = doctor.services ?? [];
  const main = [
    doctor.summary ? card('About the practice', `<p>${e(doctor.summary)}</p>`) : '',
    photos.length
      ? card(
          'Photos',
          `<ul class="photo-gallery">${photos
            .map(
              (photo, index) =>
                `<li><figure><a href="${e(photo.urls['1280'] ?? photo.url)}" target="_blank" rel="noopener"><img src="${e(photo.url)}" alt="${e(photo.caption || `${clinic}, photo ${index + 1}`)}" width="${photo.width}" height="${photo.height}" loading="lazy" decoding="async"></a>${photo.caption ? `<figcaption>${e(photo.caption)}</figcaption>` : ''}</figure></li>`,
            )
            .join('')}</ul>`,
        )
      : '',
    services.length || doctor.species.length
      ? card(
          'Services',
          `<ul class="tags">${services.map((service) => `<li class="tag">${e(service)}</li>`).join('')}</ul>${doctor.species.length ? `<p class="muted">Treats: ${e(doctor.species.join(', '))}</p>` : ''}`,
        )
      : '',
    doctor.education.length
      ? card(
          'Education',
          `<ul class="plain-list">${doctor.education.map((entry) => `<li><strong>${e(entry.degree)}</strong>, ${e(entry.school)} (${entry.year})</li>`).join('')}</ul>`,
        )
      : '',
  ].join('');
  const contact = [
    doctor.contact_phone ? `<li>Phone: <a href="tel:${e(doctor.contact_phone.replace(/[^\d+]/g, ''))}">${e(doctor.contact_phone)}</a></li>` : '',
    doctor.contact_email ? `<li>E-mail: <a href="mailto:${e(doctor.contact_email)}">${e(doctor.contact_email)}</a></li>` : '',
    doctor.website_url
      ? `<li>Website: <a href="${e(doctor.website_url)}" rel="noopener nofollow" target="_blank">${e(doctor.website_title ?? doctor.website_url)}</a></li>`
      : '',
    address ? `<li>Address: ${e(address)}</li>` : '',
  ].join('');
  const hours = doctor.working_time.length
    ? card(
        'Opening hours',
        (openNow !== null
          ? `<p class="open-line ${openNow ? 'is-open' : 'is-closed'}"><span class="tag ${openNow ? 'tag-open' : 'tag-closed'}">${openNow ? 'Open now' : 'Closed now'}</span>${doctor.time_zone ? '<span class="muted"> in the clinic&#39;s time zone</span>' : ''}</p>`
          : '') +
          `<table class="hours"><tbody>${doctor.working_time
            .map(
              (day) =>
                `<tr><th scope="row">${e(DAY_NAMES[day.day] ?? day.day)}</th><td>${day.closed ? 'Closed' : `${e(day.open ?? '')} – ${e(day.close ?? '')}`}</td></tr>`,
            )
            .join('')}</tbody></table>` +
          (doctor.time_zone ? `<p class="muted">Times in ${e(doctor.time_zone.replace('_', ' '))}</p>` : ''),
      )
    : '';
  // The contact form needs the app; its card keeps its place with the heading and the sentence above the fields.
  const contactForm = doctor.contact_form
    ? `<div class="card" id="contact"><h2>Send a message</h2><p class="muted">Ask ${e(clinic)} a question. They answer by e-mail or phone.</p></div>`
    : '';
  return (
    `<section class="page-hero"><div class="container"><p class="eyebrow"><a href="/searchdoctor">Search Doctor</a></p>` +
    `<div class="profile-preview-head">${doctor.avatar ? `<img class="profile-avatar" src="${e(doctor.avatar)}" alt="" width="96" height="96">` : ''}<h1>${e(clinic)}</h1></div>` +
    `<p class="lead">${e(doctor.name)}${address ? ` · ${e(address)}` : ''}</p>` +
    `<ul class="tags" aria-label="Highlights">${badges}</ul></div></section>` +
    `<section class="section"><div class="container profile-grid"><div class="profile-main">${main}</div>` +
    `<aside class="profile-side"><div class="card"><h2>Contact</h2><ul class="plain-list">${contact}</ul>` +
    (hasPoint
      ? '<div class="profile-map"><div class="clinic-map-frame"><div class="clinic-map clinic-map-loading" aria-hidden="true"></div></div></div>'
      : '') +
    (directions ? `<p><a class="button" href="${e(directions)}" target="_blank" rel="noopener nofollow">Get directions</a></p>` : '') +
    `</div>${contactForm}${hours}</aside></div></section>`
  );
}

function authorLine(author: string, avatar: string | null, date: string): string {
  const initials = author
    .replace(/^Dr\.?\s+/i, '')
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const picture = avatar
    ? `<img class="author-avatar" src="${e(avatar)}" alt="" width="36" height="36">`
    : `<span class="author-avatar author-initials" aria-hidden="true">${e(initials)}</span>`;
  return `<div class="author-line">${picture}<span><span class="author-name">${e(author)}</span><span class="author-date">${e(formatDate(date))}</span></span></div>`;
}

function article(item: Article): string {
  const ai = item.kind === 'ai';
  const back = ai ? ['/ai-blogpage', 'All articles'] : ['/blogpage', 'All blog articles'];
  return (
    `<article class="container narrow article-page"><p class="eyebrow"><a href="${back[0]}">${back[1]}</a></p><h1>${e(item.title)}</h1>` +
    (ai
      ? `<p class="notice ai-disclosure"><span class="badge">AI-assisted</span> Drafted with AI assistance${item.reviewed_by ? ` and reviewed by ${e(item.reviewed_by)}` : ' and reviewed by our editors'}.</p>`
      : authorLine(item.author, item.avatar, item.created_at)) +
    (item.img_url ? `<img class="article-hero" src="${e(item.img_url)}" alt="${e(item.img_alt)}" fetchpriority="high" width="960" height="480">` : '') +
    // Sanitised with an allow-list when saved; the page itself sets the same HTML (dangerouslySetInnerHTML).
    `<div class="prose article-contents">${item.contents}</div>` +
    (ai ? authorLine(item.author, item.avatar, item.created_at) : '') +
    `</article>`
  );
}

function articleCard(item: Article, kind: 'blog' | 'ai', first: boolean): string {
  const to = kind === 'ai' ? `/ai-singlepost/:${item.id}` : `/singlepost/:${item.id}`;
  const image = item.img_url
    ? `<img class="article-image" src="${e(item.img_url)}" alt="${e(item.img_alt)}" loading="${first ? 'eager' : 'lazy'}" fetchpriority="${first ? 'high' : 'auto'}" width="640" height="320">`
    : `<div class="article-image article-image-fallback hue-${item.id % 4}" aria-hidden="true"><span>${e(item.title.slice(0, 1))}</span></div>`;
  return (
    `<article class="card article-card">${image}<div class="article-body">${kind === 'ai' ? '<span class="badge">AI-assisted</span>' : ''}` +
    `<h2 class="article-title" id="${kind}-article-${item.id}-title">${e(item.title)}</h2>${authorLine(item.author, item.avatar, item.created_at)}` +
    `<p class="article-summary">${e(item.sub_content)}</p>` +
    `<a class="button" aria-describedby="${kind}-article-${item.id}-title" href="${e(to)}">Read Full Article...</a></div></article>`
  );
}

function articleList(kind: 'blog' | 'ai', list: ArticleList): string {
  const top =
    kind === 'ai'
      ? hero('Articles', 'Articles', 'AI-assisted articles on pet care. Each one is reviewed by our editors before it is published.')
      : hero('Authors Digest', 'Blog Articles', 'Practical advice on pet health, nutrition and care from veterinarians and pet-care writers.');
  const pages = Math.max(1, Math.ceil(list.totalCount / BLOG_DEFAULTS.pageSize));
  const shown = [...new Set([1, 2, 3, pages])].filter((p) => p <= pages).sort((a, b) => a - b);
  const numbers = shown
    .map(
      (p, i) =>
        (i > 0 && p - shown[i - 1]! > 1 ? '<span class="page-gap" aria-hidden="true">…</span>' : '') +
        `<button type="button" disabled class="page-button${p === 1 ? ' current' : ''}"${p === 1 ? ' aria-current="page"' : ''} aria-label="Page ${p}">${p}</button>`,
    )
    .join('');
  // Shown also for an empty list: 'Total 0 items' (docs/product.md, blog list).
  const pagination =
    `<nav class="pagination" aria-label="Pages"><span class="pagination-total">Total ${list.totalCount} items</span>` +
    `<button type="button" disabled class="page-button" aria-label="Previous page">‹</button>${numbers}` +
    `<button type="button" disabled class="page-button" aria-label="Next page">›</button>` +
    (list.totalCount > BLOG_DEFAULTS.sizeChangerAbove
      ? `<select class="page-size" aria-label="Items per page">${BLOG_DEFAULTS.pageSizeOptions.map((size) => `<option value="${size}"${size === BLOG_DEFAULTS.pageSize ? ' selected' : ''}>${size} / page</option>`).join('')}</select>`
      : '') +
    `</nav>`;
  return (
    top +
    `<section class="section"><div class="container">` +
    `<div class="keyword-search" role="search"><input aria-label="Key word" placeholder="Enter the key word" value="" disabled><button type="button" disabled class="button button-primary">Search</button></div>` +
    `<div class="article-results" aria-busy="false"><div class="article-grid">${list.data.map((item, index) => articleCard(item, kind, index === 0)).join('')}</div></div>` +
    `${pagination}</div></section>`
  );
}

const SERVICES_QUESTIONS: Array<[string, string]> = [
  [
    'When does my profile appear in search?',
    'After you verify your e-mail, choose a plan and submit your profile, our team reviews it. It is public as soon as it is approved and stays public while your plan is paid.',
  ],
  [
    'What does “Sponsored” mean?',
    'Premium practices may take up to two clearly labelled slots at the top of nearby results. The order of every other result never depends on the plan.',
  ],
  [
    'Can I change or cancel my plan?',
    'Yes. A new plan replaces your current one as soon as it is paid; a cancelled plan stays active until the end of the period you paid for.',
  ],
  ['Is it free for pet owners?', 'Always. Pet owners search, read articles and contact practices without an account.'],
];

/** /services as a visitor who is not signed in sees it, monthly prices first; the sandbox says payments are not real. */
function services(answer: InitialData['plans']): string {
  const plans = PLANS.map(
    (plan) =>
      `<article class="card plan${plan.id === 2 ? ' featured' : ''}" aria-labelledby="plan-${plan.id}">${plan.id === 2 ? '<span class="badge">Most popular</span>' : ''}` +
      `<h2 id="plan-${plan.id}">${e(plan.name)}</h2><p class="plan-price">${e(formatPrice(planPrice(plan, 'month')))} <span>/ month</span></p>` +
      `<p class="plan-price-note">or ${e(formatPrice(plan.yearlyPriceCents))} a year</p>` +
      `<ul aria-label="What ${e(plan.name)} unlocks">${plan.features.map((feature) => `<li>${e(feature)}</li>`).join('')}</ul>` +
      `<button type="button" disabled class="button button-large${plan.id === 2 ? ' button-primary' : ''}" aria-busy="false">Start with ${e(plan.name)}</button></article>`,
  ).join('');
  return (
    hero(
      'For veterinarians',
      'Plans and pricing',
      'Choose how your practice appears to pet owners. Every plan includes a reviewed public profile; cancel any time.',
    ) +
    `<section class="section"><div class="container">` +
    (answer?.provider === 'sandbox' ? `<p class="test-mode-notice" role="note">${e(SANDBOX_NOTICE)}</p>` : '') +
    `<div class="pricing-bar"><div class="billing-toggle" role="group" aria-label="Billing period"><button type="button" disabled aria-pressed="true">Monthly</button><button type="button" disabled aria-pressed="false">Yearly<span class="save">2 months free</span></button></div></div>` +
    `<div class="plans">${plans}</div>` +
    `<div class="section"><h2>Questions vets ask</h2><div class="grid grid-2">${SERVICES_QUESTIONS.map(([q, a]) => `<div class="card"><h3>${e(q)}</h3><p>${e(a)}</p></div>`).join('')}</div></div>` +
    `</div></section>`
  );
}

/** The main area of a page where the template knows the page. */
function mainContent(path: string, data: InitialData | undefined): string | undefined {
  if (data?.doctor) return profile(data.doctor);
  if (data?.article) return article(data.article);
  if (data?.articles && (path === '/blogpage' || path === '/ai-blogpage')) return articleList(path === '/ai-blogpage' ? 'ai' : 'blog', data.articles);
  if (path === '/services') return services(data?.plans);
  return undefined;
}

/**
 * The markup that goes inside <div id="root"> for a page: the layout (header, main, footer) around its first
 * screen; undefined for the pages the template does not know, which paint when the app has started (a loaded
 * shell there would only move the first paint before the script's work, which then counts as blocking time).
 * `search` is the query string: a list asked for another page or search words is not the embedded first page.
 * `data-prerendered` marks the server's copy: it is gone once React has replaced it (tools and tests wait for that).
 */
export function prerenderPage(pathname: string, search: string, data: InitialData | undefined): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const content = search && !data?.doctor && !data?.article ? undefined : mainContent(path, data);
  if (content === undefined) return undefined;
  return (
    `<div class="app-shell" data-prerendered=""><a href="#main" class="skip-link">Skip to content</a>${header(path)}` +
    `<main id="main" class="site-main" aria-busy="false">${content}</main>${footer()}</div>`
  );
}
