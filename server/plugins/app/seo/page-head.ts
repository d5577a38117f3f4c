// The <head> of each page as the server sends it (docs/product.md, Pages and look): title,
// description, canonical URL, Open Graph and Twitter card tags, robots, and schema.org JSON-LD,
// filled from the database for profiles and articles. Which page a path is comes from the route table
// (shared/routes.ts). A profile or article that is not public is a 404; paths the table does not have too;
// private pages carry `noindex`.
import type { SpecialDay } from '../../../../shared/lib/special-hours';
import { DAY_NAMES } from '../../../../shared/constants/days';
import type {
  Article as ArticleLd,
  BreadcrumbList,
  LocalBusinessLeaf,
  MergeLeafTypes,
  OpeningHoursSpecification,
  Review,
  SearchAction,
  VeterinaryCareLeaf,
  WebSite,
  WithContext,
} from 'schema-dts';
import type { DbOrTx } from '../../../db/client';
import type { WorkingDay } from '../../../db/schema';
import { PRODUCT_NAME } from '../../../../shared/constants/messages';
import { RATING_MAX, RATING_MIN } from '../../../../shared/constants/search';
import { HOME_PATH, ROUTES, SITE_DESCRIPTION, documentTitle, matchRoute, normalizePath, pageUrl, routePath, routeShowing } from '../../../../shared/routes';
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
  /** A listed practice's first page of reviews as its profile shows it first. */
  reviews: (id: number) => Promise<InitialData['reviews']>;
  article: (kind: ArticleKind, id: number) => Promise<InitialData['article']>;
  /** An article list's first page with the defaults (page 1, the default size, no search words). */
  articleList: (kind: ArticleKind) => Promise<InitialData['articles']>;
  /** The plans answer, embedded in /services. */
  plans: () => InitialData['plans'];
}

/** A record's id in its page's address; it may carry a leading colon, as the app links it. */
const RECORD_ID = /^:?(\d{1,9})$/;

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

/**
 * Holiday and special hours from today on (docs/product.md section 22): one specification per date, valid from
 * and through that date; a closed day opens and closes at 00:00, as schema.org and search engines read a closure.
 */
function specialHours(days: readonly SpecialDay[]): OpeningHoursSpecification[] {
  return days.map(
    (day) =>
      ({
        '@type': 'OpeningHoursSpecification',
        ...(day.note ? { name: day.note } : {}),
        validFrom: day.date,
        validThrough: day.date,
        opens: day.closed ? '00:00' : day.open!,
        closes: day.closed ? '00:00' : day.close!,
      }) as OpeningHoursSpecification,
  );
}

function profileHead(site: string, record: PublicProfileRecord, special: readonly SpecialDay[]): PageHead {
  const name = record.clinicName ?? record.doctorName;
  const place = [record.city, record.state].filter(Boolean).join(', ');
  const path = routePath('doctorProfile', { id: record.id });
  const canonical = `${site}${path}`;
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
    ...(special.length ? { specialOpeningHoursSpecification: specialHours(special) } : {}),
    ...(record.websiteUrl ? { sameAs: record.websiteUrl } : {}),
    isAcceptingNewPatients: record.acceptingNewPatients,
    // The rating and the first page of published reviews, as the page shows them (docs/product.md 7.6).
    ...(record.ratingCount > 0 && record.ratingAverage !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: record.ratingAverage,
            reviewCount: record.ratingCount,
            bestRating: RATING_MAX,
            worstRating: RATING_MIN,
          },
          review: record.reviews.map((review): Review => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.author },
            datePublished: review.createdAt.toISOString().slice(0, 10),
            ...(review.title ? { name: review.title } : {}),
            reviewBody: review.text,
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: RATING_MAX, worstRating: 1 },
          })),
        }
      : {}),
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
        ['Home', HOME_PATH],
        [ROUTES.searchDoctor.title, ROUTES.searchDoctor.path],
        [name, path],
      ]),
    ],
  };
}

function articleHead(site: string, record: PublishedArticleRecord): PageHead {
  const path = routePath(routeShowing({ kind: 'article', articles: record.kind }), { id: `:${record.id}` });
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
    publisher: { '@type': 'Organization', name: PRODUCT_NAME, url: pageUrl(site, 'home') },
  };
  const list = ROUTES[routeShowing({ kind: 'articleList', articles: record.kind })];
  if (!('title' in list)) throw new Error(`The ${record.kind} article list has no title`);
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
        ['Home', HOME_PATH],
        [list.title, list.path],
        [record.title, path],
      ]),
    ],
  };
}

const notFound = (): PageHead => ({ status: 404, title: documentTitle('Page not found'), description: SITE_DESCRIPTION, noindex: true, jsonLd: [] });

/** Decides the status, head and embedded data of one page of the app. */
export async function describePage(db: DbOrTx, site: string, pathname: string, loaders: RecordLoaders): Promise<PageData> {
  const path = normalizePath(pathname);
  const match = matchRoute(path === '/' ? HOME_PATH : path);
  if (!match) return { head: notFound() };
  const { name, route, params } = match;
  if (route.access === 'private') {
    return { head: { status: 200, title: PRODUCT_NAME, description: SITE_DESCRIPTION, noindex: true, jsonLd: [] } };
  }
  if (name === 'home') {
    // NOTE: 'query-input' is schema.org's Action-input convention, which the typings do not model.
    const search: SearchAction & { 'query-input': string } = {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${site}${ROUTES.searchDoctor.path}?zip={search_term_string}` },
      'query-input': 'required name=search_term_string',
    };
    const website: WithContext<WebSite> = {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: PRODUCT_NAME,
      url: `${site}${HOME_PATH}`,
      description: SITE_DESCRIPTION,
      potentialAction: search,
    };
    return {
      head: {
        status: 200,
        title: documentTitle(ROUTES.home.title),
        description: ROUTES.home.description,
        canonical: `${site}${HOME_PATH}`,
        ogType: 'website',
        jsonLd: [website],
      },
    };
  }
  if ('title' in route) {
    const articles = route.firstScreen?.kind === 'articleList' ? await loaders.articleList(route.firstScreen.articles) : undefined;
    const plans = route.path === '/services' ? loaders.plans() : undefined;
    return {
      ...(articles ? { initialData: { path: pathname, articles } } : {}),
      ...(plans ? { initialData: { path: pathname, plans } } : {}),
      head: {
        status: 200,
        title: documentTitle(route.title),
        description: route.description,
        canonical: `${site}${route.path}`,
        ogType: 'website',
        jsonLd: [
          breadcrumbs(site, [
            ['Home', HOME_PATH],
            [route.title, route.path],
          ]),
        ],
      },
    };
  }
  const id = RECORD_ID.exec(params.id ?? '')?.[1];
  if (!id) return { head: notFound() };
  if (route.firstScreen.kind === 'doctor') {
    const record = await findPublicProfileRecord(db, Number(id));
    if (!record) return { head: notFound() };
    const doctor = await loaders.doctor(record.id);
    // NOTE: the page shows what the API answers; if the API does not list the profile, neither does the page.
    if (!doctor) return { head: notFound() };
    const reviews = await loaders.reviews(record.id);
    return { head: profileHead(site, record, doctor.special_hours), initialData: { path: pathname, doctor, reviews } };
  }
  const record = await findPublishedArticleRecord(db, route.firstScreen.articles, Number(id));
  if (!record) return { head: notFound() };
  const article = await loaders.article(record.kind, record.id);
  if (!article) return { head: notFound() };
  return { head: articleHead(site, record), initialData: { path: pathname, article } };
}
