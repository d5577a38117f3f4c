// Request and answer schemas of the payment calls (docs/product.md, Plans and payment).
import { Type, type Static } from '@sinclair/typebox';
import { UserSchema } from './user';
import { NEXT_MAX_LENGTH } from '../lib/next-path';

const strict = { additionalProperties: false } as const;

export const PlanIdSchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], { description: '1 Basic, 2 Professional, 3 Premium' });
export const PeriodSchema = Type.Union([Type.Literal('month'), Type.Literal('year')]);

export const PlanSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  monthly_cents: Type.Integer({ description: 'Price of one month in US cents' }),
  yearly_cents: Type.Integer({ description: 'Price of one year in US cents' }),
  currency: Type.Literal('usd'),
  unlocks: Type.Array(Type.String()),
  features: Type.Array(Type.String()),
});
export const PlansAnswer = Type.Object({ plans: Type.Array(PlanSchema), provider: Type.Union([Type.Literal('sandbox'), Type.Literal('stripe')]) });

export const CheckoutBody = Type.Object(
  {
    plan: PlanIdSchema,
    period: PeriodSchema,
    next: Type.Optional(
      Type.String({
        maxLength: NEXT_MAX_LENGTH,
        description: "Where the vet was going (a same-site path): the provider's hosted checkout returns there through /services (docs/product.md 26.8)",
      }),
    ),
  },
  strict,
);
export const CheckoutAnswer = Type.Object({ url: Type.String({ description: 'Where the browser goes next' }) });

/** Calls without parameters take an empty object. */
export const EmptyBody = Type.Object({}, strict);
export const CancelAnswer = Type.Object({ message: Type.String(), user: UserSchema });

/** The sandbox checkout page's calls (a stand-in for a provider's hosted checkout). */
export const SandboxSessionBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }, strict);
export const SandboxSessionAnswer = Type.Object({
  id: Type.String(),
  plan: Type.Integer(),
  plan_name: Type.String(),
  period: PeriodSchema,
  amount_cents: Type.Integer(),
  currency: Type.Literal('usd'),
  status: Type.Union([Type.Literal('open'), Type.Literal('complete'), Type.Literal('expired')]),
  email: Type.String(),
});
export const SandboxDeclineAnswer = Type.Object({ declined: Type.Literal(true), code: Type.Literal('CARD_DECLINED'), message: Type.String() });
export const SandboxPayAnswer = Type.Object({ url: Type.String(), user: UserSchema });

export type PlanAnswer = Static<typeof PlanSchema>;
export type PlansAnswer = Static<typeof PlansAnswer>;
export type CheckoutBody = Static<typeof CheckoutBody>;
export type CheckoutAnswer = Static<typeof CheckoutAnswer>;
export type CancelAnswer = Static<typeof CancelAnswer>;
export type SandboxSessionAnswer = Static<typeof SandboxSessionAnswer>;
export type SandboxPayAnswer = Static<typeof SandboxPayAnswer>;
export type SandboxDeclineAnswer = Static<typeof SandboxDeclineAnswer>;

/** The signed-in vet's plan as /services shows it, with the payment state's email and customerId. */
export const SubscriptionAnswer = Type.Object({
  plan: Type.Integer(),
  plan_name: Type.Union([Type.String(), Type.Null()]),
  status: Type.String({ description: 'none, active, canceling (ends at current_period_end), expired, past_due' }),
  period: Type.Union([PeriodSchema, Type.Null()]),
  current_period_end: Type.Union([Type.String(), Type.Null()]),
  provider: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  customerId: Type.String(),
});
export type SubscriptionAnswer = Static<typeof SubscriptionAnswer>;
