// Request and answer schemas of appointment requests (docs/product.md section 19): the owner's request,
// list, accept and cancel, and the practice's inbox, answer and completion. Names are the contract's;
// extra answer fields (time_zone, the owner's contact for the practice) are additive.
import { Type, type Static } from '@sinclair/typebox';
import { Id, OptionalText, TypedText } from './common';
import { APPOINTMENT_LIMITS, APPOINTMENT_STATES, ISO_WITH_OFFSET } from '../lib/appointment-rules';

const strict = { additionalProperties: false } as const;
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

const Time = Type.String({
  pattern: ISO_WITH_OFFSET,
  title: 'time',
  errorMessage: 'Give each time as a date and time with its time zone offset, for example 2026-03-02T10:30:00-05:00.',
});
const PetName = TypedText("pet's name", 'person-name', { max: APPOINTMENT_LIMITS.petNameMax }, "Enter your pet's name.");
const Species = TypedText('species', 'person-name', { max: APPOINTMENT_LIMITS.speciesMax }, 'Say which animal it is (for example dog or cat).');
const Reason = TypedText(
  'reason',
  'safe-text',
  { min: APPOINTMENT_LIMITS.reasonMin, max: APPOINTMENT_LIMITS.reasonMax },
  `Describe the reason for the visit in at least ${APPOINTMENT_LIMITS.reasonMin} characters.`,
);
const Phone = Type.String({
  maxLength: APPOINTMENT_LIMITS.phoneMax,
  pattern: '^[0-9+().\\-\\s]*$',
  title: 'phone',
  errorMessage: 'Enter a phone number with digits, spaces and + ( ) - only, or leave it empty.',
});
const Message = OptionalText('message', APPOINTMENT_LIMITS.messageMax, {
  control: 'The message contains a control character that is not allowed.',
  notText: 'Write the message as text.',
});
const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }));
const PageSize = Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 }));
const State = Type.Union(
  [
    Type.Literal('requested'),
    Type.Literal('proposed'),
    Type.Literal('confirmed'),
    Type.Literal('declined'),
    Type.Literal('cancelled'),
    Type.Literal('completed'),
    Type.Literal('no_show'),
  ],
  { title: 'state', errorMessage: `Choose a state: ${APPOINTMENT_STATES.join(', ')}.` },
);

export const RequestAppointmentBody = Type.Object(
  {
    doctor_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647, title: 'practice' }),
    /** One of the owner's saved pets (docs/product.md section 31): its name, species and details go with the request. */
    pet_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, title: 'pet' })),
    /** Without pet_id: the pet's name and species as typed (both required then). */
    pet_name: Type.Optional(PetName),
    species: Type.Optional(Species),
    reason: Reason,
    preferred: Type.Array(Time, {
      minItems: 1,
      maxItems: APPOINTMENT_LIMITS.preferredMax,
      title: 'preferred times',
      errorMessage: { minItems: 'Choose at least one time.', maxItems: 'Choose up to three times.', type: 'Choose at least one time.' },
    }),
    phone: Type.Optional(Phone),
  },
  strict,
);
export type RequestAppointmentInput = Static<typeof RequestAppointmentBody>;

export const AppointmentIdBody = Type.Object({ id: Id }, strict);
export const CancelAppointmentBody = Type.Object({ id: Id, reason: Type.Optional(Message) }, strict);
export type CancelAppointmentInput = Static<typeof CancelAppointmentBody>;

export const RespondAppointmentBody = Type.Object(
  {
    id: Id,
    decision: Type.Union([Type.Literal('confirm'), Type.Literal('decline'), Type.Literal('propose')], {
      title: 'decision',
      errorMessage: 'Choose confirm, propose or decline.',
    }),
    start: Type.Optional(Time),
    message: Type.Optional(Message),
  },
  strict,
);
export type RespondAppointmentInput = Static<typeof RespondAppointmentBody>;

export const CompleteAppointmentBody = Type.Object(
  { id: Id, attended: Type.Boolean({ title: 'attended', errorMessage: 'Say whether the pet owner came (attended true or false).' }) },
  strict,
);
export type CompleteAppointmentInput = Static<typeof CompleteAppointmentBody>;

export const MyAppointmentsBody = Type.Optional(Type.Object({ page: Page, pageSize: PageSize }, strict));
export const PracticeAppointmentsBody = Type.Optional(Type.Object({ state: Type.Optional(State), page: Page, pageSize: PageSize }, strict));
export type PracticeAppointmentsInput = Static<typeof PracticeAppointmentsBody>;

export const AppointmentSchema = Type.Object({
  id: Type.Integer(),
  doctor_id: Type.Integer(),
  clinic_name: Type.String(),
  pet_name: Type.String(),
  species: Type.String(),
  reason: Type.String(),
  preferred: Type.Array(Type.String()),
  start: Nullable(Type.String()),
  state: State,
  message: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
  /** The practice's time zone: times are shown in it (and in the reader's own when it differs). */
  time_zone: Type.String(),
  /** The owner's saved pet the request names (null: typed, or the pet was removed since). */
  pet_id: Type.Union([Type.Integer(), Type.Null()]),
  /** What the request carried of that pet besides its name and species (null for a typed pet). */
  pet: Type.Union([
    Type.Object({
      breed: Type.String(),
      birth_date: Type.Union([Type.String(), Type.Null()]),
      weight_kg: Type.Union([Type.Number(), Type.Null()]),
      notes: Type.String(),
    }),
    Type.Null(),
  ]),
});
export type Appointment = Static<typeof AppointmentSchema>;

/** What the practice sees: the appointment with the owner's name, e-mail and phone. */
export const PracticeAppointmentSchema = Type.Intersect([
  AppointmentSchema,
  Type.Object({ owner_name: Type.String(), owner_email: Type.String(), owner_phone: Type.String() }),
]);
export type PracticeAppointment = Static<typeof PracticeAppointmentSchema>;

export const AppointmentWriteAnswer = Type.Object({ id: Type.Integer(), state: State });
export type AppointmentWriteAnswer = Static<typeof AppointmentWriteAnswer>;
export const MyAppointmentsAnswer = Type.Object({ data: Type.Array(AppointmentSchema), totalCount: Type.Integer() });
export type MyAppointmentsAnswer = Static<typeof MyAppointmentsAnswer>;
export const PracticeAppointmentsAnswer = Type.Object({
  data: Type.Array(PracticeAppointmentSchema),
  totalCount: Type.Integer(),
  /** Requests waiting for the practice's answer (the count in the menu). */
  openCount: Type.Integer(),
});
export type PracticeAppointmentsAnswer = Static<typeof PracticeAppointmentsAnswer>;
