// The answer of /api/payment/plans (docs/product.md, Plans and payment), also embedded in /services
// (plugins/app/seo) so its first screen says whether payments are real.
import { PLANS } from '../../../../shared/constants/plans';
import type { PlansAnswer } from '../../../../shared/schemas/payment';
import type { ProviderName } from './provider';

export function plansAnswer(provider: ProviderName): PlansAnswer {
  return {
    provider,
    plans: PLANS.map((plan) => ({
      id: plan.id,
      name: plan.name,
      monthly_cents: plan.priceCents,
      yearly_cents: plan.yearlyPriceCents,
      currency: 'usd' as const,
      unlocks: [...plan.unlocks],
      features: [...plan.features],
    })),
  };
}
