// Live messages (docs/product.md section 32; decision 212) as a browser meets them: a stream opened with a
// one-minute ticket (EventSource sends no header) gets the unread total at once, then a new message and the
// new total within 2 seconds; a forged or missing ticket gets 401; an account opens at most five streams and
// a closed one is forgotten. With REDIS_URL, a message sent to server A arrives on a stream opened on server B,
// and the five streams are counted across both servers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, type Account } from '../../../../test/factories';
import { MESSAGE_LIMITS } from '../../../../../shared/lib/message-rules';

const prefix = `ad-test:${randomUUID()}:`;
const settings = { RATE_LIMIT_PER_MINUTE: '1000000', REDIS_KEY_PREFIX: prefix };
let a: FastifyInstance;
let urlA: string;
let vet: Account;

beforeAll(async () => {
  a = await buildTestApp(settings);
  urlA = await a.listen({ port: 0, host: '127.0.0.1' }).then(() => `http://127.0.0.1:${(a.server.address() as AddressInfo).port}`);
  vet = await createVet(a, { plan: 2 });
}, 180_000);
afterAll(() => a.close());

interface Stream {
  events: { event: string; data: Record<string, unknown> }[];
  close(): void;
}

async function post(base: string, account: Account, url: string, body: unknown) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Opens the stream as the web page does: a ticket from /events/link, then a GET without any header. */
async function openStream(base: string, account: Account): Promise<Stream> {
  const link = await post(base, account, '/api/messages/events/link', undefined);
  expect(link.status).toBe(200);
  const controller = new AbortController();
  const res = await fetch(`${base}${String(link.body.url)}`, { signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const stream: Stream = { events: [], close: () => controller.abort() };
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) stream.events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
        }
      }
    } catch {
      // aborted
    }
  })();
  return stream;
}

const owner = () => createAccount(a, { accountType: 'owner', createdAt: new Date(Date.now() - 2 * 86_400_000) });

describe('live messages on one server', () => {
  it('pushes a new message and the unread total to the other side within 2 seconds, and the read to the sender', async () => {
    const olive = await owner();
    const practiceStream = await openStream(urlA, vet);
    await expect.poll(() => practiceStream.events[0]?.event).toBe('unread');
    const sent = await post(urlA, olive, '/api/messages/send', { doctor_id: vet.user.id, text: 'Are you open on Saturday?' });
    expect(sent.status).toBe(200);
    const threadId = sent.body.thread_id as number;
    await expect
      .poll(() => practiceStream.events.find((e) => e.event === 'message' && e.data.thread_id === threadId)?.data.message, { timeout: 2000, interval: 20 })
      .toMatchObject({ from: 'owner', text: 'Are you open on Saturday?' });
    const total = (await post(urlA, vet, '/api/messages/unread', {})).body.unread_total;
    await expect.poll(() => practiceStream.events.filter((e) => e.event === 'unread').at(-1)?.data.unread_total, { timeout: 2000, interval: 20 }).toBe(total);
    // The owner's stream hears that the practice read it.
    const ownerStream = await openStream(urlA, olive);
    await post(urlA, vet, '/api/messages/thread', { id: threadId });
    await expect.poll(() => ownerStream.events.find((e) => e.event === 'read')?.data.thread_id, { timeout: 2000, interval: 20 }).toBe(threadId);
    practiceStream.close();
    ownerStream.close();
  });

  it('refuses a missing or forged ticket, opens at most five streams per account, and forgets a closed one', async () => {
    for (const url of ['/api/messages/events', '/api/messages/events?ticket=forged', '/api/messages/events?ticket=a.b.c']) {
      const res = await fetch(`${urlA}${url}`);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
    }
    // A session token is not a ticket.
    expect((await fetch(`${urlA}/api/messages/events?ticket=${vet.token}`)).status).toBe(401);
    const olive = await owner();
    const streams = await Promise.all(Array.from({ length: MESSAGE_LIMITS.streamsPerAccount }, () => openStream(urlA, olive)));
    await expect.poll(() => a.messages.hub.openStreams(olive.user.id)).toBe(MESSAGE_LIMITS.streamsPerAccount);
    const link = await post(urlA, olive, '/api/messages/events/link', undefined);
    const sixth = await fetch(`${urlA}${String(link.body.url)}`);
    expect(sixth.status).toBe(429);
    streams[0]!.close();
    await expect.poll(() => a.messages.hub.openStreams(olive.user.id)).toBe(MESSAGE_LIMITS.streamsPerAccount - 1);
    for (const stream of streams) stream.close();
    await expect.poll(() => a.messages.hub.openStreams(olive.user.id)).toBe(0);
  });
});

describe.runIf(Boolean(process.env.REDIS_URL))('live messages across two app servers with Redis', () => {
  let b: FastifyInstance;
  let urlB: string;
  beforeAll(async () => {
    b = await buildTestApp(settings);
    await b.listen({ port: 0, host: '127.0.0.1' });
    urlB = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
  });
  afterAll(() => b.close());

  it('delivers a message sent to server A on a stream opened on server B within 2 seconds', async () => {
    const olive = await owner();
    const onB = await openStream(urlB, vet);
    await expect.poll(() => onB.events[0]?.event).toBe('unread');
    const started = Date.now();
    const sent = await post(urlA, olive, '/api/messages/send', { doctor_id: vet.user.id, text: 'Sent to A, read on B' });
    expect(sent.status).toBe(200);
    await expect
      .poll(() => onB.events.find((e) => e.event === 'message')?.data.message, { timeout: 2000, interval: 10 })
      .toMatchObject({ text: 'Sent to A, read on B' });
    expect(Date.now() - started).toBeLessThan(2000);
    // Its photo link and answer work on B too.
    const answer = await post(urlB, vet, '/api/messages/send', { thread_id: sent.body.thread_id, text: 'Answered on B' });
    expect(answer.status).toBe(200);
    onB.close();
  });

  it('holds the limit of five open streams for an account across both servers, and gives a closed place back', async () => {
    const olive = await owner();
    // Opened side by side, three on A and three on B: exactly five open, the sixth is refused.
    const tries = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => openStream(i % 2 ? urlB : urlA, olive)));
    const opened = tries.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
    expect(opened).toHaveLength(MESSAGE_LIMITS.streamsPerAccount);
    await expect.poll(() => a.messages.hub.openStreams(olive.user.id) + b.messages.hub.openStreams(olive.user.id)).toBe(MESSAGE_LIMITS.streamsPerAccount);
    const link = await post(urlB, olive, '/api/messages/events/link', undefined);
    const refused = await fetch(`${urlB}${String(link.body.url)}`);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe('TOO_MANY_STREAMS');
    // One closed on either server: the place is free on the other.
    opened[0]!.close();
    await expect.poll(() => a.messages.hub.openStreams(olive.user.id) + b.messages.hub.openStreams(olive.user.id)).toBe(MESSAGE_LIMITS.streamsPerAccount - 1);
    const again = await openStream(urlB, olive);
    for (const stream of [...opened, again]) stream.close();
  });
});
