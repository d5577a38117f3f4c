// Doctor search and public profiles (decisions.md section 7).
import { Type, type Static } from '@sinclair/typebox';
import { ColonId } from './common';
import { PhotoSchema } from './plan-features';

export const DoctorSearchBody = Type.Object(
  {
    searchZipCode: Type.String({ maxLength: 10, default: '' }),
    searchCity: Type.String({ maxLength: 80, default: '' }),
    searchState: Type.String({ maxLength: 40, default: '' }),
    searchCount: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
    searchStart: Type.Integer({ minimum: 0, maximum: 10_000, default: 0 }),
    radius: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);

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
  distance: Type.Union([Type.Number(), Type.Null()], { description: 'Miles from the searched zip code' }),
  sponsored: Type.Boolean(),
});
export const DoctorSearchAnswer = Type.Object({ data: Type.Array(DoctorSummarySchema), totalCount: Type.Integer() });

export const DoctorProfileSchema = Type.Intersect([
  DoctorSummarySchema,
  Type.Object({
    contact_email: Type.Union([Type.String(), Type.Null()]),
    website_title: Type.Union([Type.String(), Type.Null()]),
    website_url: Type.Union([Type.String(), Type.Null()]),
    summary: Type.Union([Type.String(), Type.Null()]),
    working_time: Type.Array(Type.Object({ day: Type.String(), closed: Type.Boolean(), open: Type.Optional(Type.String()), close: Type.Optional(Type.String()) })),
    time_zone: Type.Union([Type.String(), Type.Null()]),
    education: Type.Array(Type.Object({ degree: Type.String(), school: Type.String(), year: Type.Integer() })),
  }),
]);

/** The get-by-id answer: the profile plus what its plan shows now (decisions.md section 5). */
export const DoctorPageSchema = Type.Intersect([
  DoctorProfileSchema,
  Type.Object({
    /** Practice photos in gallery order, while the plan includes photos. */
    photos: Type.Array(PhotoSchema),
    /** Whether the profile takes messages through /api/doctors/contact now. */
    contact_form: Type.Boolean(),
  }),
]);

export type DoctorSearchBody = Static<typeof DoctorSearchBody>;
export type DoctorSummary = Static<typeof DoctorSummarySchema>;
export type DoctorProfile = Static<typeof DoctorProfileSchema>;
export type DoctorPage = Static<typeof DoctorPageSchema>;
