// Request and answer schemas of conversations (docs/product.md section 32). Names are
// the contract's; added answer fields (the thread's parties, blocks, the owner's appointments, `held`) are additive.
// `/api/messages/send` takes JSON or multipart/form-data (with the photo), so its body is checked by the route.
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';
import { MESSAGE_LIMITS } from '../lib/message-rules';

const strict = { additionalProperties: false } as const;
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Side = Type.Union([Type.Literal('owner'), Type.Literal('practice')]);

export const ThreadsBody = Type.Optional(
  Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    },
    strict,
  ),
);
export type ThreadsInput = Static<typeof ThreadsBody>;

export const ThreadBody = Type.Object({ id: Id, before: Type.Optional(Id) }, strict);
export type ThreadInput = Static<typeof ThreadBody>;

export const BlockBody = Type.Object({ thread_id: Id, blocked: Type.Optional(Type.Boolean({ default: true })) }, strict);
export type BlockInput = Static<typeof BlockBody>;

export const ReportBody = Type.Object(
  {
    message_id: Id,
    reason: Type.String({
      minLength: 1,
      maxLength: MESSAGE_LIMITS.reasonMax,
      format: 'safe-text',
      title: 'reason',
      errorMessage: { minLength: 'Say why you report this message.', maxLength: `Keep the reason to ${MESSAGE_LIMITS.reasonMax} characters or fewer.` },
    }),
  },
  strict,
);
export type ReportInput = Static<typeof ReportBody>;

/** The other side of a thread as this side sees it: the practice's public name, or the owner's name. */
export const OtherParty = Type.Object({
  id: Nullable(Type.Integer()),
  name: Type.String(),
  kind: Side,
  /** The account was deleted: the thread stays readable, nobody can write in it. */
  closed: Type.Boolean(),
});

export const MessageItem = Type.Object({
  id: Type.Integer(),
  from: Side,
  text: Type.String(),
  /** A link to the photo, valid for a few minutes, for the two sides only; null without one. */
  photo: Nullable(Type.String()),
  created_at: Type.String(),
  read_at: Nullable(Type.String()),
  /** Added: 'closed' is the line left when the other account was deleted. */
  kind: Type.Union([Type.Literal('text'), Type.Literal('closed')]),
  /** Added: the sender's own message is held for the administrators and not shown to the other side yet. */
  held: Type.Boolean(),
});
export type MessageItem = Static<typeof MessageItem>;

export const SendAnswer = Type.Object({ thread_id: Type.Integer(), message: MessageItem });
export type SendAnswer = Static<typeof SendAnswer>;

export const ThreadSummary = Type.Object({
  id: Type.Integer(),
  other_party: OtherParty,
  last_message: Nullable(Type.Object({ id: Type.Integer(), from: Side, text: Type.String(), photo: Type.Boolean(), created_at: Type.String() })),
  unread: Type.Integer(),
  /** Added: when the thread last moved. */
  updated_at: Type.String(),
});
export const ThreadsAnswer = Type.Object({
  data: Type.Array(ThreadSummary),
  unread_total: Type.Integer(),
  /** Added: this side of the conversations ('owner' for a pet owner, 'practice' for a vet's account). */
  side: Side,
  totalCount: Type.Integer(),
});
export type ThreadsAnswer = Static<typeof ThreadsAnswer>;

export const ThreadAppointment = Type.Object({
  id: Type.Integer(),
  pet_name: Type.String(),
  species: Type.String(),
  state: Type.String(),
  start: Nullable(Type.String()),
  created_at: Type.String(),
});

/** An owner's pet as section 19's pets call answers it. */
export const ThreadPet = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  species: Type.String(),
  breed: Type.String(),
  birth_date: Nullable(Type.String()),
  weight_kg: Nullable(Type.Number()),
  notes: Type.String(),
});

export const ThreadAnswer = Type.Object({
  data: Type.Array(MessageItem),
  /** Added: more older messages exist (ask again with `before` = the last id). */
  has_more: Type.Boolean(),
  /** Added: the thread itself. */
  thread: Type.Object({
    id: Type.Integer(),
    side: Side,
    other_party: OtherParty,
    /** This side blocked the other. */
    blocked_by_me: Type.Boolean(),
    /** The other side blocked this one: sending answers 403 BLOCKED. */
    blocked_by_other: Type.Boolean(),
  }),
  /** Added: the owner's appointments with this practice, newest first (docs/product.md 32.1). */
  appointments: Type.Array(ThreadAppointment),
  /** Added: the owner's pets (docs/product.md 32.1), for both sides; empty where pets are not kept. */
  pets: Type.Array(ThreadPet),
});
export type ThreadAnswer = Static<typeof ThreadAnswer>;

export const UnreadAnswer = Type.Object({ unread_total: Type.Integer() });
export const BlockAnswer = Type.Object({ thread_id: Type.Integer(), blocked: Type.Boolean() });
export const ReportAnswer = Type.Object({ reported: Type.Literal(true), held: Type.Boolean() });
export const EventsLinkAnswer = Type.Object({ url: Type.String(), expires_in: Type.Integer() });

/** The administrators' list of held and reported messages. */
export const HeldMessagesBody = Type.Optional(Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })) }, strict));
export const HeldMessage = Type.Object({
  id: Type.Integer(),
  thread_id: Type.Integer(),
  from: Side,
  sender_id: Nullable(Type.Integer()),
  sender_name: Type.String(),
  text: Type.String(),
  photo: Nullable(Type.String()),
  state: Type.Union([Type.Literal('shown'), Type.Literal('held'), Type.Literal('removed')]),
  hold_reason: Nullable(Type.String()),
  report_count: Type.Integer(),
  reasons: Type.Array(Type.String()),
  created_at: Type.String(),
});
export const HeldMessagesAnswer = Type.Object({ data: Type.Array(HeldMessage), totalCount: Type.Integer() });
export const ModerateMessageBody = Type.Object({ id: Id }, strict);
export const ModerateMessageAnswer = Type.Object({ id: Type.Integer(), state: Type.Union([Type.Literal('shown'), Type.Literal('removed')]) });
