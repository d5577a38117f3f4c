// Doctor search and public profiles (docs/product.md, Search).
import { VisitTypeSchema } from './booking';
import { Type, type Static } from '@sinclair/typebox';
import { ColonId } from './common';
import { PhotoSchema } from './plan-features';
import { RATING_MAX, RATING_MIN, SEARCH_PAGE_MAX } from '../constants/search';

export const DoctorSearchBody = Type.Object(
  {
    searchZipCode: Type.String({ maxLength: 10, default: '', pattern: '^\\s*(\\d{5})?\\s*$', errorMessage: 'Enter a five-digit zip code.' }),
    searchCity: Type.String({ maxLength: 80, default: '' }),
    latitude: Type.Optional(
      Type.Number({ description: 'Near me (docs/product.md 21.2): a position instead of a zip code, -90 to 90; rounded to three decimals' }),
    ),
    longitude: Type.Optional(Type.Number({ description: 'Near me: -180 to 180, sent together with latitude' })),
    searchState: Type.String({ maxLength: 40, default: '' }),
    searchCount: Type.Integer({ minimum: 1, maximum: SEARCH_PAGE_MAX, default: 10 }),
    searchStart: Type.Integer({ minimum: 0, maximum: 10_000, default: 0 }),
    radius: Type.Optional(Type.Integer({ description: 'Miles around the zip code, 1 to 100 (default 25; the page offers 5, 10, 25, 50 and 100)' })),
    species: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 12, description: 'Any of these species matches' })),
    services: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 12, description: 'Any of these services matches' })),
    emergency: Type.Optional(Type.Boolean({ description: '24/7 emergency care only' })),
    open_now: Type.Optional(Type.Boolean({ description: "Open now in the clinic's own time zone" })),
    accepting_new_patients: Type.Optional(Type.Boolean()),
    min_rating: Type.Optional(
      Type.Integer({
        minimum: RATING_MIN,
        maximum: RATING_MAX,
        errorMessage: `Choose a minimum rating from ${RATING_MIN} to ${RATING_MAX} stars.`,
        description: 'Only vets whose average rating (as shown, one decimal) is at least this many stars',
      }),
    ),
    sort: Type.Optional(
      Type.Union([Type.Literal('recommended'), Type.Literal('distance'), Type.Literal('name'), Type.Literal('rating'), Type.Literal('soonest')], {
        description:
          'recommended (the default: docs/product.md section 33), distance (needs a zip code, position or map box), name, rating (highest average first, then more reviews, then nearest or by name), or soonest',
      }),
    ),
    available_within_days: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 14,
        errorMessage: 'Choose 1 to 14 days.',
        description: 'Only practices with a free start to book within this many days (docs/product.md section 30)',
      }),
    ),
    q: Type.Optional(Type.String({ maxLength: 200, description: "What: 2-80 characters, a clinic's name (typo-tolerant) or a service or species word" })),
    bounds: Type.Optional(
      Type.Object(
        { north: Type.Number(), south: Type.Number(), east: Type.Number(), west: Type.Number() },
        { additionalProperties: false, description: 'A map box instead of a place, at most about 300 miles across' },
      ),
    ),
    include_hours_unknown: Type.Optional(
      Type.Boolean({ description: 'With open_now: also list practices whose hours are not listed, after the open ones (open_now: null)' }),
    ),
  },
  { additionalProperties: false },
);

// Radii, default radius and count cap live in ../constants/search.ts (the web's first page reads them without TypeBox).
export { DEFAULT_SEARCH_RADIUS, RATING_MAX, RATING_MIN, SEARCH_COUNT_CAP, SEARCH_RADIUS_MAX } from '../constants/search';

/** A public profile by id; ids above 2147483647 are refused with 400 (docs/security.md, row 8). */
export const DoctorIdBody = Type.Object({ id: ColonId }, { additionalProperties: false });

export const DoctorSummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  clinic_name: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  state: Type.Union([Type.String(), Type.Null()]),
  zip: Type.Union([Type.String(), Type.Null()]),
  street: Type.Union([Type.String(), Type.Null()]),
  contact_phone: Type.Union([Type.String(), Type.Null()]),
  services: Type.Array(Type.String()),
  species: Type.Array(Type.String()),
  emergency: Type.Boolean(),
  accepting_new_patients: Type.Boolean(),
  accepting_confirmed_at: Type.Union([Type.String(), Type.Null()]),
  distance: Type.Union([Type.Number(), Type.Null()], { description: 'Miles from the searched zip code or position' }),
  sponsored: Type.Boolean(),
  latitude: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  longitude: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  open_now: Type.Optional(
    Type.Union([Type.Boolean(), Type.Null()], { description: "Open at this moment in the clinic's time zone; null when its hours are unknown" }),
  ),
  closed_today: Type.Optional(
    Type.Union([Type.Boolean(), Type.Null()], {
      description:
        "No opening at all on the clinic's own today (its weekday or a special day): 'Closed today' instead of 'Closed now'; null when its hours are unknown",
    }),
  ),
  rating_average: Type.Union([Type.Number(), Type.Null()], { description: 'Average of the published reviews, one decimal; null without reviews' }),
  rating_count: Type.Integer({ description: 'Published reviews' }),
  response_time_hours: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Median hours to answer an appointment request (last 90 days, once 5 answers); null before (docs/product.md 19.6)',
  }),

  claimed: Type.Boolean({ description: "False for a practice imported before its vet claimed it: shown as 'Unclaimed' (docs/product.md section 20)" }),
  next_available: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'The first free start to book within 14 days (ISO 8601 UTC); null when none (docs/product.md section 30)',
    }),
  ),
  time_zone: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: "The practice's time zone (IANA), in which a card shows next_available; null when unknown (docs/product.md 30.7)",
    }),
  ),
});
/** A filter of an empty search and how many vets the search finds without it (docs/product.md 28.2). */
export const SearchRelaxation = Type.Object({
  filter: Type.Union([
    Type.Literal('species'),
    Type.Literal('services'),
    Type.Literal('emergency'),
    Type.Literal('open_now'),
    Type.Literal('accepting_new_patients'),
    Type.Literal('min_rating'),
  ]),
  count: Type.Integer({ description: 'At most SEARCH_COUNT_CAP' }),
});
export type SearchRelaxation = Static<typeof SearchRelaxation>;

export const DoctorSearchAnswer = Type.Object({
  data: Type.Array(DoctorSummarySchema),
  totalCount: Type.Integer({ description: 'Matching vets; at most SEARCH_COUNT_CAP when totalCountCapped' }),
  totalCountCapped: Type.Optional(Type.Boolean({ description: 'True when there are more matches than totalCount (show "1,000+")' })),
  used: Type.Optional(
    Type.Union(
      [
        Type.Literal('zip'),
        Type.Literal('position'),
        Type.Literal('city'),
        Type.Literal('state'),
        Type.Literal('city_state'),
        Type.Literal('bounds'),
        Type.Literal('q'),
      ],
      {
        description: 'Which part of the search was used (position: near me, by latitude and longitude)',
      },
    ),
  ),
  notice: Type.Optional(
    Type.Union([Type.String(), Type.Null()], { description: 'A sentence for the person, e.g. that a city typed with a zip code was not used' }),
  ),
  location: Type.Optional(
    Type.Object({
      zip: Type.Union([Type.String(), Type.Null()]),
      city: Type.Union([Type.String(), Type.Null()]),
      state: Type.Union([Type.String(), Type.Null()]),
      latitude: Type.Union([Type.Number(), Type.Null()]),
      longitude: Type.Union([Type.Number(), Type.Null()]),
    }),
  ),
  radius: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'Miles used around the zip code' })),
  sort: Type.Optional(
    Type.Union([Type.Literal('recommended'), Type.Literal('distance'), Type.Literal('name'), Type.Literal('rating'), Type.Literal('soonest')]),
  ),
  markers: Type.Optional(
    Type.Array(Type.Object({ id: Type.Integer(), latitude: Type.Number(), longitude: Type.Number() }), {
      description: 'With a map box: every match in the box, up to 1,000',
    }),
  ),
  markers_capped: Type.Optional(Type.Boolean({ description: 'True when the box holds more matches than the markers listed' })),
  hours_unknown_count: Type.Optional(
    Type.Integer({ description: 'With open_now: practices that match everything else but whose hours are not listed (counted like totalCount)' }),
  ),
  facets: Type.Optional(
    Type.Object(
      {
        species: Type.Record(Type.String(), Type.Integer()),
        services: Type.Record(Type.String(), Type.Integer()),
      },
      { description: 'Per species and service key: how many of the matches counted (up to 1,001) offer it (docs/product.md 33.5)' },
    ),
  ),
  // Only when nothing was found (docs/product.md 28.2).
  relaxations: Type.Optional(
    Type.Array(SearchRelaxation, { description: 'When nothing was found: each filter in use and how many vets the search finds without it, most first' }),
  ),
  wider: Type.Optional(
    Type.Object(
      { radius: Type.Integer(), count: Type.Integer() },
      { description: 'When nothing was found near a place: the nearest wider radius the page offers that finds vets (or the widest), and how many' },
    ),
  ),
});
export type DoctorSearchAnswer = Static<typeof DoctorSearchAnswer>;

export const DoctorProfileSchema = Type.Intersect([
  DoctorSummarySchema,
  Type.Object({
    contact_email: Type.Union([Type.String(), Type.Null()]),
    website_title: Type.Union([Type.String(), Type.Null()]),
    website_url: Type.Union([Type.String(), Type.Null()]),
    summary: Type.Union([Type.String(), Type.Null()]),
    working_time: Type.Array(
      Type.Object({ day: Type.String(), closed: Type.Boolean(), open: Type.Optional(Type.String()), close: Type.Optional(Type.String()) }),
    ),
    time_zone: Type.Union([Type.String(), Type.Null()]),
    /** Holiday and special hours from the practice's today on (docs/product.md section 22). */
    special_hours: Type.Array(
      Type.Object({
        date: Type.String(),
        closed: Type.Boolean(),
        open: Type.Optional(Type.String()),
        close: Type.Optional(Type.String()),
        note: Type.Optional(Type.String()),
      }),
    ),
    education: Type.Array(Type.Object({ degree: Type.String(), school: Type.String(), year: Type.Integer() })),
    /** The visit types owners can book, while the practice publishes bookable times (docs/product.md section 30). */
    visit_types: Type.Optional(Type.Array(VisitTypeSchema)),
  }),
]);

/**
 * The get-by-id answer: the profile plus what its plan shows now (docs/product.md, Plans and payment). `services`
 * and `photos` are there only while the plan includes them; without them the keys are left out.
 */
export const DoctorPageSchema = Type.Intersect([
  Type.Omit(DoctorProfileSchema, ['services']),
  Type.Object({
    /** The services offered, while the plan includes services. */
    services: Type.Optional(Type.Array(Type.String())),
    /** Practice photos in gallery order, while the plan includes photos. */
    photos: Type.Optional(Type.Array(PhotoSchema)),
    /** Whether the profile takes messages through /api/doctors/contact now. */
    contact_form: Type.Boolean(),
  }),
]);

export type DoctorSearchBody = Static<typeof DoctorSearchBody>;

/** What the 'what' box suggests while a person types (docs/product.md section 33). */
export const DoctorSuggestBody = Type.Object({ q: Type.String({ maxLength: 200 }) }, { additionalProperties: false });
export const DoctorSuggestAnswer = Type.Object({
  data: Type.Array(
    Type.Object({
      kind: Type.Union([Type.Literal('clinic'), Type.Literal('service'), Type.Literal('species')]),
      label: Type.String(),
      id: Type.Optional(Type.Integer()),
    }),
    { maxItems: 8 },
  ),
});
export type DoctorSuggestAnswer = Static<typeof DoctorSuggestAnswer>;
export type DoctorSummary = Static<typeof DoctorSummarySchema>;
export type DoctorProfile = Static<typeof DoctorProfileSchema>;
export type DoctorPage = Static<typeof DoctorPageSchema>;
