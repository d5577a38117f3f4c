// The one place that knows the plans and their prices (docs/product.md, Plans and payment).

export type PlanId = 0 | 1 | 2 | 3;

export interface Plan {
  id: Exclude<PlanId, 0>;
  name: string;
  /** Monthly price in US cents. */
  priceCents: number;
  features: string[];
}

export const PLANS: readonly Plan[] = [
  {
    id: 1,
    name: 'Basic',
    priceCents: 1900,
    features: ['Listed in doctor search', 'Public profile with hours and contact details', 'Verified e-mail badge'],
  },
  {
    id: 2,
    name: 'Professional',
    priceCents: 4900,
    features: ['Everything in Basic', 'Photo gallery', 'Services list', 'Contact form for pet owners'],
  },
  {
    id: 3,
    name: 'Premium',
    priceCents: 9900,
    features: ['Everything in Professional', "Featured 'Sponsored' placement at the top of nearby results", 'Profile statistics'],
  },
] as const;

export function planById(id: number): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}
