// The vet's profile (docs/product.md, Profile and review): request shapes (TypeBox, for the server and the API
// docs) and the answer's profile pieces. The field rules both sides run are shared/lib/profile-rules.ts.
import { Type, type Static } from '@sinclair/typebox';
import { DAYS } from '../constants/days';
import { PROFILE_LIMITS } from '../lib/profile-rules';
import { SPECIAL_HOURS_LIMITS, type SpecialDay } from '../lib/special-hours';

const strict = { additionalProperties: false } as const;
const Text = (maxLength: number) => Type.String({ maxLength });

export const ContactInfoBody = Type.Object(
  {
    clinic_name: Text(120),
    contact_phone: Text(40),
    contact_email: Text(254),
    street: Text(160),
    city: Type.Optional(Text(80)),
    state: Type.Optional(Text(40)),
    zip: Text(10),
  },
  strict,
);
export const TitleWebsiteBody = Type.Object({ website_title: Text(120), website_url: Text(500) }, strict);
export const Step1Body = Type.Object({ ...ContactInfoBody.properties, ...TitleWebsiteBody.properties }, strict);

export const WorkingDaySchema = Type.Object(
  { day: Type.Union(DAYS.map((d) => Type.Literal(d))), closed: Type.Boolean(), open: Type.Optional(Text(5)), close: Type.Optional(Text(5)) },
  strict,
);
/** A dated exception to the week (docs/product.md section 22); the rules are shared/lib/special-hours.ts. */
export const SpecialDaySchema = Type.Object(
  {
    date: Text(10),
    closed: Type.Boolean(),
    open: Type.Optional(Text(5)),
    close: Type.Optional(Text(5)),
    // The transport limit is twice the rule, so an overlong note gets the rule's sentence, not a 400.
    note: Type.Optional(Text(SPECIAL_HOURS_LIMITS.noteMax * 2)),
  },
  strict,
);
export const WorkingTimeBody = Type.Object(
  {
    working_time: Type.Array(WorkingDaySchema, { maxItems: 7 }),
    time_zone: Text(64),
    /** Left out: the stored special hours stay as they are. */
    special_hours: Type.Optional(Type.Array(SpecialDaySchema, { maxItems: SPECIAL_HOURS_LIMITS.max * 2 })),
  },
  strict,
);
// The transport limit is twice the rule, so an overlong summary gets the rule's sentence (202), not a 400.
export const SummaryBody = Type.Object({ summary: Text(PROFILE_LIMITS.summaryMax * 2) }, strict);
export const EducationEntrySchema = Type.Object({ degree: Text(120), school: Text(120), year: Type.Integer() }, strict);
export const EducationBody = Type.Object({ education: Type.Array(EducationEntrySchema, { maxItems: PROFILE_LIMITS.educationMax }) }, strict);
/** Services or species treated: the one list shape of every call that saves them (setupProfileStep2, change-services). */
export const ChoiceList = Type.Array(Text(PROFILE_LIMITS.listItemMax), { maxItems: PROFILE_LIMITS.listMax });
export const Step2Body = Type.Object(
  {
    ...WorkingTimeBody.properties,
    ...SummaryBody.properties,
    ...EducationBody.properties,
    services: ChoiceList,
    species: ChoiceList,
    emergency: Type.Boolean(),
    accepting_new_patients: Type.Boolean(),
    license_number: Text(40),
    license_state: Text(40),
  },
  strict,
);

export type ContactInfoInput = Static<typeof ContactInfoBody>;
export type TitleWebsiteInput = Static<typeof TitleWebsiteBody>;
export type Step1Input = Static<typeof Step1Body>;
export type WorkingDayInput = Static<typeof WorkingDaySchema>;
export type WorkingTimeInput = Static<typeof WorkingTimeBody>;
export type EducationEntry = Static<typeof EducationEntrySchema>;
export type Step2Input = Static<typeof Step2Body>;

/** Where a practice is, as the profile and the public pages show it; the coordinates place it on the map. */
export interface PracticeAddress {
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** The profile pieces of the user object (docs/product.md, Profile and review), under `user.profile`. */
export interface ProfileView extends PracticeAddress {
  clinic_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  /**
   * Whether contact-form messages go to contact_email: its holder confirmed it by the e-mailed link,
   * or it is the account's verified e-mail (docs/product.md, 5.7). Until then they go to the account's e-mail.
   */
  contact_email_confirmed: boolean;
  website_title: string | null;
  website_url: string | null;
  working_time: WorkingDayInput[];
  time_zone: string | null;
  /** Holiday and special hours as stored, in date order (docs/product.md section 22). */
  special_hours: SpecialDay[];
  /** URL of the 256 px WebP; `avatar_sizes` names every size. */
  avatar: string | null;
  avatar_sizes: Record<string, string>;
  summary: string | null;
  education: EducationEntry[];
  services: string[];
  species: string[];
  emergency: boolean;
  accepting_new_patients: boolean;
  license_number: string | null;
  license_state: string | null;
  step1_done: boolean;
  step2_done: boolean;
  /** The administrator's review of the profile (docs/product.md, Profile and review). */
  review_state: ReviewState;
  /** The administrator's reason when rejected. */
  review_reason: string | null;
  reviewed_at: string | null;
}

export type ReviewState = 'draft' | 'pending' | 'approved' | 'rejected';

// ---- Review (docs/product.md, Profile and review) ----

export const ReviewQueueBody = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    state: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')], { default: 'pending' }),
  },
  strict,
);
export const ReviewProfileBody = Type.Object(
  {
    user_id: Type.Integer({ minimum: 1 }),
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    reason: Type.String({ maxLength: 1000, default: '' }),
  },
  strict,
);
export type ReviewQueueInput = Static<typeof ReviewQueueBody>;
export type ReviewProfileInput = Static<typeof ReviewProfileBody>;
