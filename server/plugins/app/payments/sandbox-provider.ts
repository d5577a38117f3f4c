// The built-in sandbox checkout: behaves like a provider's hosted checkout in test mode. The
// checkout page is /checkout/{id} on this site; its 'Pay' button makes the server confirm the
// session exactly as a provider's webhook would (routes/payment.ts, sandbox calls).
import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './provider';

export function sandboxSessionId(): string {
  return `cs_sandbox_${randomBytes(18).toString('base64url')}`;
}

/** The event id a sandbox payment confirms with: one per session, so a second 'Pay' is a replay. */
export function sandboxEventId(sessionId: string): string {
  return `evt_sandbox_paid_${sessionId}`;
}

export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout() {
      const id = sandboxSessionId();
      return { id, url: `/checkout/${id}` };
    },
    // The sandbox's checkouts live only in checkout_sessions, whose state the caller has already read.
    async openCheckoutUrl(id) {
      return `/checkout/${id}`;
    },
    async cancelAtPeriodEnd(payment) {
      return { currentPeriodEnd: payment.currentPeriodEnd };
    },
    async endReplacedSubscription() {
      // Sandbox plans have no subscription at a provider: nothing is billed again.
    },
  };
}
