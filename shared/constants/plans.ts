// The one place that knows the plans, their prices and what each unlocks (docs/product.md, Plans and payment).
// The server charges these amounts and /services shows them; nothing else may hold a price.

export type PlanId = 0 | 1 | 2 | 3;
export type PaidPlanId = Exclude<PlanId, 0>;
export type PlanPeriod = 'month' | 'year';

/** What a plan lets a vet do; feature calls check these (docs/product.md, Plans and payment). */
export type PlanFeature = 'listed' | 'photos' | 'services' | 'contact_form' | 'featured' | 'statistics';

export interface Plan {
  id: PaidPlanId;
  name: string;
  /** Monthly price in US cents. */
  priceCents: number;
  /** Yearly price in US cents: ten months, so two months are free. */
  yearlyPriceCents: number;
  /** Machine-readable: what the plan unlocks. */
  unlocks: PlanFeature[];
  /** Human-readable lines for /services. */
  features: string[];
}

export const PLANS: readonly Plan[] = [
  {
    id: 1,
    name: 'Basic',
    priceCents: 1900,
    yearlyPriceCents: 19000,
    unlocks: ['listed'],
    features: ['Listed in doctor search', 'Public profile with hours and contact details', 'Verified e-mail badge'],
  },
  {
    id: 2,
    name: 'Professional',
    priceCents: 4900,
    yearlyPriceCents: 49000,
    unlocks: ['listed', 'photos', 'services', 'contact_form'],
    features: [
      'Everything in Basic',
      'Photo gallery',
      'Services list',
      'Contact form for pet owners',
      'Appointment requests with calendar e-mails and reminders',
    ],
  },
  {
    id: 3,
    name: 'Premium',
    priceCents: 9900,
    yearlyPriceCents: 99000,
    unlocks: ['listed', 'photos', 'services', 'contact_form', 'featured', 'statistics'],
    features: ['Everything in Professional', "Featured 'Sponsored' placement at the top of nearby results", 'Profile statistics'],
  },
] as const;

/** Shown on /services while the built-in sandbox checkout takes the payments (docs/product.md, Plans and payment). */
export const SANDBOX_NOTICE = 'Test mode: payments are simulated and no card is charged.';

export function planById(id: number): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** The amount charged for one period of a plan, in US cents. */
export function planPrice(plan: Plan, period: PlanPeriod): number {
  return period === 'year' ? plan.yearlyPriceCents : plan.priceCents;
}

/** Whether a plan in force (0 for none) includes a feature. */
export function planIncludes(planId: number, feature: PlanFeature): boolean {
  return planById(planId)?.unlocks.includes(feature) ?? false;
}

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}
