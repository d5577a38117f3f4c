// Calls of the plan features (docs/product.md section 5): photos, services, contact messages, statistics.
import { Type, type Static } from '@sinclair/typebox';
import { CONTACT_LIMITS, PHOTO_LIMIT, PROFILE_EVENT_KINDS, STATISTICS_MAX_DAYS } from '../constants/services';
import { ColonId, Id, SafeText } from './common';
import { ChoiceList } from './profile';
import { Email } from './user';

const strict = { additionalProperties: false };

export const PhotoSchema = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  /** Every stored size by its pixel size ('400', '1200'). */
  urls: Type.Record(Type.String(), Type.String()),
  width: Type.Integer(),
  height: Type.Integer(),
  caption: Type.String(),
  position: Type.Integer(),
});
export const PhotoListSchema = Type.Object({ data: Type.Array(PhotoSchema), limit: Type.Integer() });
export const PhotoUpdateBody = Type.Object(
  { id: Id, caption: Type.Optional(SafeText({ maxLength: 200 })), position: Type.Optional(Type.Integer({ minimum: 0, maximum: PHOTO_LIMIT - 1 })) },
  strict,
);
export const PhotoDeleteBody = Type.Object({ id: Id }, strict);

export const ChangeServicesBody = Type.Object({ services: ChoiceList }, strict);

// Transport limits are wider than the rules, so an overlong message gets the rule's sentence.
export const ContactBody = Type.Object(
  {
    id: ColonId,
    name: Type.String({ maxLength: CONTACT_LIMITS.nameMax * 2 }),
    email: Email,
    phone: Type.Optional(Type.String({ maxLength: CONTACT_LIMITS.phoneMax * 2 })),
    species: Type.Optional(Type.String({ maxLength: CONTACT_LIMITS.speciesMax * 2 })),
    message: Type.String({ maxLength: CONTACT_LIMITS.messageMax * 2 }),
    /** The honeypot: hidden from people, filled in by bots. */
    website: Type.Optional(Type.String({ maxLength: 500 })),
  },
  strict,
);
export type ContactBody = Static<typeof ContactBody>;

export const ProfileEventBody = Type.Object({ id: ColonId, kind: Type.Union(PROFILE_EVENT_KINDS.map((k) => Type.Literal(k))) }, strict);

export const MessagesBody = Type.Object(
  { page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }), pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }) },
  strict,
);
export const ContactMessageSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  species: Type.String(),
  message: Type.String(),
  created_at: Type.String(),
});
export const MessagesAnswer = Type.Object({
  data: Type.Array(ContactMessageSchema),
  totalCount: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type ContactMessage = Static<typeof ContactMessageSchema>;

export const StatisticsBody = Type.Object({ days: Type.Integer({ minimum: 1, maximum: STATISTICS_MAX_DAYS, default: 30 }) }, strict);
export const StatisticsDaySchema = Type.Object({
  date: Type.String({ description: 'A UTC date, YYYY-MM-DD' }),
  views: Type.Integer(),
  appearances: Type.Integer(),
  clicks_phone: Type.Integer(),
  clicks_website: Type.Integer(),
  clicks_directions: Type.Integer(),
  messages: Type.Integer(),
});
export const StatisticsAnswer = Type.Object({ data: Type.Array(StatisticsDaySchema) });
export type StatisticsDay = Static<typeof StatisticsDaySchema>;
export type Photo = Static<typeof PhotoSchema>;
