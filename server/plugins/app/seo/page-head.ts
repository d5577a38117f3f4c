// The <head> of each page as the server sends it (docs/product.md, Pages and look): title,
// description, canonical URL, Open Graph and Twitter card tags, robots, and schema.org JSON-LD,
// filled from the database for profiles and articles. A profile or article that is not public is
// a 404; unknown paths too; private pages carry `noindex`.
import type {
  Article as ArticleLd,
  BreadcrumbList,
  LocalBusinessLeaf,
  MergeLeafTypes,
  OpeningHoursSpecification,
  SearchAction,
  VeterinaryCareLeaf,
  WebSite,
  WithContext,
} from 'schema-dts';
import type { DbOrTx } from '../../../db/client';
import type { WorkingDay } from '../../../db/schema';
import { PRODUCT_NAME } from '../../../../shared/constants/messages';
import { RECORD_PAGES, SITE_DESCRIPTION, STATIC_PAGES, documentTitle, isPrivatePath } from '../../../../shared/constants/page-meta';
import type { InitialData } from '../../../../shared/schemas/initial-data';
import { findPublicProfileRecord, findPublishedArticleRecord, type ArticleKind, type PublicProfileRecord, type PublishedArticleRecord } from './public-records';

/** A schema.org node, typed where it is built (schema-dts). */
export type JsonLd = { '@context': 'https://schema.org' } & object;

export interface PageHead {
  status: 200 | 404;
  title: string;
  description: string;
  /** Absolute URL of the page's one address; absent on private and missing pages. */
  canonical?: string;
  noindex?: boolean;
  ogType?: 'website' | 'article' | 'profile';
  /** Absolute URL. */
  image?: string;
  imageAlt?: string;
  article?: { publishedTime: string; modifiedTime: string; author: string };
  jsonLd: JsonLd[];
}

export interface PageData {
  head: PageHead;
  initialData?: InitialData;
}

/** Loads the API answer the page would ask for first, to embed it (see shared/schemas/initial-data.ts). */
export interface RecordLoaders {
  doctor: (id: number) => Promise<InitialData['doctor']>;
  article: (kind: ArticleKind, id: number) => Promise<InitialData['article']>;
  /** An article list's first page with the defaults (page 1, the default size, no search words). */
  articleList: (kind: ArticleKind) => Promise<InitialData['articles']>;
  /** The plans answer, embedded in /services. */
  plans: () => InitialData['plans'];
}

/** The article lists, whose first page is embedded like a record's answer. */
const LIST_PAGES: Record<string, ArticleKind> = { '/blogpage': 'blog', '/ai-blogpage': 'ai' };

/** Route patterns of the app that have no fixed head (they render for one person). */
const APP_ROUTES = [/^\/$/, /^\/verify\/token$/, /^\/congratulationverify\/[^/]+$/, /^\/checkout\/[^/]+$/];

const absolute = (site: string, url: string | null | undefined): string | undefined => {
  if (!url) return undefined;
  try {
    return new URL(url, `${site}/`).toString();
  } catch {
    return undefined;
  }
};

/** The text of a piece of stored HTML (an article's summary may carry markup). */
export const plainText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** At most `max` characters, cut at a word. */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

const breadcrumbs = (site: string, items: Array<[string, string]>): WithContext<BreadcrumbList> => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: items.map(([name, path], index) => ({ '@type': 'ListItem', position: index + 1, name, item: `${site}${path}` })),
});

const DAY_NAMES: Record<WorkingDay['day'], string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** Opening hours as the clinic states them: local times of its own time zone (time_zone). */
function openingHours(days: WorkingDay[] | null): OpeningHoursSpecification[] {
  return (days ?? [])
    .filter((day) => !day.closed && day.open && day.close && DAY_NAMES[day.day])
    .map(
      (day) =>
        ({
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: `https://schema.org/${DAY_NAMES[day.day]}`,
          opens: day.open!,
          closes: day.close!,
        }) as OpeningHoursSpecification,
    );
}

type VeterinaryPractice = MergeLeafTypes<[VeterinaryCareLeaf, LocalBusinessLeaf]>;

function profileHead(site: string, record: PublicProfileRecord): PageHead {
  const name = record.clinicName ?? record.doctorName;
  const place = [record.city, record.state].filter(Boolean).join(', ');
  const canonical = `${site}/viewdoctorprofile/${record.id}`;
  const image = absolute(site, record.avatarUrl);
  const practice: WithContext<VeterinaryPractice> = {
    '@context': 'https://schema.org',
    '@type': ['VeterinaryCare', 'LocalBusiness'],
    '@id': `${canonical}#practice`,
    name,
    url: canonical,
    ...(image ? { image } : {}),
    ...(record.summary ? { description: summarize(plainText(record.summary), 300) } : {}),
    ...(record.phone ? { telephone: record.phone } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(record.street ? { streetAddress: record.street } : {}),
      ...(record.city ? { addressLocality: record.city } : {}),
      ...(record.state ? { addressRegion: record.state } : {}),
      ...(record.zip ? { postalCode: record.zip } : {}),
      addressCountry: 'US',
    },
    ...(record.latitude !== null && record.longitude !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: record.latitude, longitude: record.longitude } }
      : {}),
    ...(record.workingTime?.length ? { openingHoursSpecification: openingHours(record.workingTime) } : {}),
    ...(record.websiteUrl ? { sameAs: record.websiteUrl } : {}),
    isAcceptingNewPatients: record.acceptingNewPatients,
  };
  const lead = `${name}${place ? ` in ${place}` : ''}`;
  return {
    status: 200,
    title: documentTitle(`${name}${place ? `, ${place}` : ''}`),
    description: summarize(
      record.summary
        ? `${lead}. ${plainText(record.summary)}`
        : `${lead}: ${record.doctorName}, veterinarian. Opening hours, services, address and phone on ${PRODUCT_NAME}.`,
    ),
    canonical,
    ogType: 'profile',
    image,
    imageAlt: image ? `${name}` : undefined,
    jsonLd: [
      practice,
      breadcrumbs(site, [
        ['Home', '/home'],
        ['Search Doctor', '/searchdoctor'],
        [name, `/viewdoctorprofile/${record.id}`],
      ]),
    ],
  };
}

function articleHead(site: string, record: PublishedArticleRecord): PageHead {
  const path = `${record.kind === 'ai' ? '/ai-singlepost' : '/singlepost'}/:${record.id}`;
  const canonical = `${site}${path}`;
  const image = absolute(site, record.imgUrl);
  const published = record.publishedAt.toISOString();
  const modified = (record.updatedAt > record.publishedAt ? record.updatedAt : record.publishedAt).toISOString();
  const article: WithContext<ArticleLd> = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: record.title.length > 110 ? `${record.title.slice(0, 109)}…` : record.title,
    author: { '@type': 'Person', name: record.author },
    datePublished: published,
    dateModified: modified,
    ...(image ? { image: [image] } : {}),
    ...(record.subContent ? { description: summarize(plainText(record.subContent), 300) } : {}),
    mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
    publisher: { '@type': 'Organization', name: PRODUCT_NAME, url: `${site}/home` },
  };
  const [listName, listPath] = record.kind === 'ai' ? ['Articles', '/ai-blogpage'] : ['Authors Digest', '/blogpage'];
  return {
    status: 200,
    title: documentTitle(record.title),
    description: summarize(plainText(record.subContent) || record.title),
    canonical,
    ogType: 'article',
    image,
    imageAlt: image ? record.title : undefined,
    article: { publishedTime: published, modifiedTime: modified, author: record.author },
    jsonLd: [
      article,
      breadcrumbs(site, [
        ['Home', '/home'],
        [listName, listPath],
        [record.title, path],
      ]),
    ],
  };
}

const notFound = (): PageHead => ({ status: 404, title: documentTitle('Page not found'), description: SITE_DESCRIPTION, noindex: true, jsonLd: [] });

/** Decides the status, head and embedded data of one page of the app. */
export async function describePage(db: DbOrTx, site: string, pathname: string, loaders: RecordLoaders): Promise<PageData> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '/home') {
    // NOTE: 'query-input' is schema.org's Action-input convention, which the typings do not model.
    const search: SearchAction & { 'query-input': string } = {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${site}/searchdoctor?zip={search_term_string}` },
      'query-input': 'required name=search_term_string',
    };
    const website: WithContext<WebSite> = {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: PRODUCT_NAME,
      url: `${site}/home`,
      description: SITE_DESCRIPTION,
      potentialAction: search,
    };
    return {
      head: {
        status: 200,
        title: documentTitle(STATIC_PAGES[0]!.title),
        description: SITE_DESCRIPTION,
        canonical: `${site}/home`,
        ogType: 'website',
        jsonLd: [website],
      },
    };
  }
  const fixed = STATIC_PAGES.find((page) => page.path === path);
  if (fixed) {
    const listKind = LIST_PAGES[path];
    const articles = listKind ? await loaders.articleList(listKind) : undefined;
    const plans = path === '/services' ? loaders.plans() : undefined;
    return {
      ...(articles ? { initialData: { path: pathname, articles } } : {}),
      ...(plans ? { initialData: { path: pathname, plans } } : {}),
      head: {
        status: 200,
        title: documentTitle(fixed.title),
        description: fixed.description,
        canonical: `${site}${fixed.path}`,
        ogType: 'website',
        jsonLd: [
          breadcrumbs(site, [
            ['Home', '/home'],
            [fixed.title, fixed.path],
          ]),
        ],
      },
    };
  }
  if (isPrivatePath(path) || APP_ROUTES.some((route) => route.test(path))) {
    return { head: { status: 200, title: PRODUCT_NAME, description: SITE_DESCRIPTION, noindex: true, jsonLd: [] } };
  }
  const doctorId = RECORD_PAGES.doctor.exec(path)?.[1];
  if (doctorId) {
    const record = await findPublicProfileRecord(db, Number(doctorId));
    if (!record) return { head: notFound() };
    const doctor = await loaders.doctor(record.id);
    // NOTE: the page shows what the API answers; if the API does not list the profile, neither does the page.
    if (!doctor) return { head: notFound() };
    return { head: profileHead(site, record), initialData: { path: pathname, doctor } };
  }
  for (const kind of ['blog', 'ai'] as const) {
    const articleId = RECORD_PAGES[kind === 'ai' ? 'aiArticle' : 'article'].exec(path)?.[1];
    if (!articleId) continue;
    const record = await findPublishedArticleRecord(db, kind, Number(articleId));
    if (!record) return { head: notFound() };
    const article = await loaders.article(kind, record.id);
    if (!article) return { head: notFound() };
    return { head: articleHead(site, record), initialData: { path: pathname, article } };
  }
  return { head: notFound() };
}
