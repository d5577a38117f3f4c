// A local stand-in for Stripe's API, for tests only: answers the calls our Stripe provider makes
// (customers, checkout sessions: create, retrieve, expire; subscriptions) the way Stripe does (form-encoded requests, JSON
// objects, Bearer secret key), records them, and signs webhook events exactly as Stripe signs them
// (Stripe-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload" with the endpoint secret>).
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  path: string;
  form: Record<string, string>;
  authorization: string | undefined;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; current_period_start: number; current_period_end: number }[] };
}

export interface FakeStripe {
  apiBase: string;
  calls: RecordedCall[];
  /** Every customer made, by id; a deleted one keeps its entry with `deleted: true`, as Stripe answers it. */
  customers: Map<string, { id: string; object: 'customer'; email: string | null; deleted?: true }>;
  sessions: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, FakeSubscription>;
  /** What Stripe does when a customer pays a session: a subscription for its customer. */
  completeSession(sessionId: string): { session: Record<string, unknown>; subscription: FakeSubscription };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const calls: RecordedCall[] = [];
  const customers: FakeStripe['customers'] = new Map();
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, FakeSubscription>();

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      calls.push({ method: req.method ?? '', path: url.pathname, form, authorization: req.headers.authorization });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const path = url.pathname;
      let match: RegExpMatchArray | null;
      if (req.method === 'POST' && path === '/v1/customers') {
        const customer = { id: id('cus'), object: 'customer' as const, email: form.email ?? null };
        customers.set(customer.id, customer);
        return send(200, { ...customer, name: form.name ?? null, metadata: {} });
      }
      if (req.method === 'DELETE' && (match = path.match(/^\/v1\/customers\/(\w+)$/))) {
        const customer = customers.get(match[1]!);
        if (!customer || customer.deleted)
          return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${match[1]}'` } });
        customer.deleted = true;
        return send(200, { id: customer.id, object: 'customer', deleted: true });
      }
      if ((match = path.match(/^\/v1\/checkout\/sessions\/(\w+)(\/expire)?$/))) {
        const session = sessions.get(match[1]!);
        if (!session)
          return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${match[1]}'` } });
        if (req.method === 'GET' && !match[2]) return send(200, session);
        if (req.method === 'POST' && match[2]) {
          if (session.status !== 'open')
            return send(400, { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired.` } });
          Object.assign(session, { status: 'expired', url: null });
          return send(200, session);
        }
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        if (form.mode !== 'subscription' || !form['line_items[0][price_data][unit_amount]']) {
          return send(400, { error: { type: 'invalid_request_error', message: 'Missing required param: line_items.' } });
        }
        const sessionId = id('cs_test');
        const session = {
          id: sessionId,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'open',
          payment_status: 'unpaid',
          customer: form.customer,
          client_reference_id: form.client_reference_id ?? null,
          amount_total: Number(form['line_items[0][price_data][unit_amount]']),
          currency: form['line_items[0][price_data][currency]'],
          metadata: { user_id: form['metadata[user_id]'], plan: form['metadata[plan]'], period: form['metadata[period]'] },
          subscription: null as string | null,
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        };
        sessions.set(sessionId, session);
        return send(200, session);
      }
      if ((match = path.match(/^\/v1\/subscriptions\/([\w]+)$/))) {
        const subscription = subscriptions.get(match[1]!);
        if (!subscription)
          return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${match[1]}'` } });
        if (req.method === 'GET') return send(200, subscription);
        if (req.method === 'POST') {
          if (form.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
          return send(200, subscription);
        }
        if (req.method === 'DELETE') {
          subscription.status = 'canceled';
          return send(200, subscription);
        }
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    calls,
    customers,
    sessions,
    subscriptions,
    completeSession(sessionId) {
      const session = sessions.get(sessionId)!;
      const interval = session.metadata && (session.metadata as Record<string, string>).period === 'year' ? 365 : 30;
      const subscription: FakeSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer: session.customer as string,
        status: 'active',
        cancel_at_period_end: false,
        metadata: {},
        items: {
          object: 'list',
          data: [{ id: id('si'), object: 'subscription_item', current_period_start: now(), current_period_end: now() + interval * 86_400 }],
        },
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      return { session, subscription };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe event envelope around an object, as Stripe posts it to a webhook endpoint. */
export function stripeEvent(type: string, object: unknown, eventId = id('evt')): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

/** The Stripe-Signature header Stripe would send for this exact payload. */
export function signStripePayload(payload: string, secret: string, timestamp = now()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
