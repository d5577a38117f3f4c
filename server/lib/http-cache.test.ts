// Answers sent once from lent buffers (docs/decisions/269-map-box-answers-sent-from-lent-buffers.md): a buffer goes
// back to the pool only when the socket has taken all of it, so a client that reads slowly gets its own answer whole
// while other answers are written into the pool's buffers meanwhile. Real sockets, a raw pipelined client.
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOnce, sendCachedAnswer } from './http-cache';
import { prewritten, type JsonBytes } from './prewritten-json';

/**
 * Answer `n`: markers whose ids say which answer they belong to. About 110 KB, which fits a lent buffer; answers 1 to
 * 4 are 1.1 MB each, larger than one, and so sent from buffers of their own that never go back to the pool.
 */
const markerCount = (n: number) => (n <= 4 ? 18_000 : 1_800);
function body(n: number) {
  const markers = Array.from({ length: markerCount(n) }, (_, i) => ({ id: n * 100_000 + i, latitude: 40.5 + i / 1e5, longitude: -74.00001 }));
  return { n, markers: prewritten(markers, (list, out: JsonBytes) => out.text(JSON.stringify(list))) };
}

/** Whether an answer is answer `n`'s, whole. */
function isAnswer(text: string, n: number): boolean {
  try {
    const parsed = JSON.parse(text) as { n: number; markers: { id: number }[] };
    return parsed.n === n && parsed.markers.length === markerCount(n) && parsed.markers.every((m, i) => m.id === n * 100_000 + i);
  } catch {
    return false;
  }
}

let app: FastifyInstance;
let port: number;
/** Answers whose bytes the socket had not all taken by the next turn of the event loop. */
let unfinished = 0;

beforeAll(async () => {
  app = Fastify();
  app.get<{ Params: { n: string } }>('/answer/:n', async (request, reply) => {
    setImmediate(() => {
      if (!reply.raw.writableFinished) unfinished += 1;
    });
    return sendCachedAnswer(request, reply, answerOnce(body(Number(request.params.n))), 0);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(() => app.close());

/** Sends `ns.length` requests on one connection at once and reads nothing for `waitMs`; then the answers' bodies. */
function pipelined(ns: number[], waitMs: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('error', reject);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const bodies: string[] = [];
      let at = 0;
      while (at < all.length) {
        const headEnd = all.indexOf('\r\n\r\n', at);
        const length = Number(/content-length: (\d+)/i.exec(all.subarray(at, headEnd).toString('latin1'))?.[1]);
        bodies.push(all.subarray(headEnd + 4, headEnd + 4 + length).toString());
        at = headEnd + 4 + length;
      }
      resolve(bodies);
    });
    socket.pause();
    const last = ns.length - 1;
    socket.write(ns.map((n, i) => `GET /answer/${n} HTTP/1.1\r\nHost: test\r\n${i === last ? 'Connection: close\r\n' : ''}\r\n`).join(''));
    setTimeout(() => socket.resume(), waitMs);
  });
}

describe('answers sent from lent buffers', () => {
  it('reach a slow reader whole while other answers reuse the pool', async () => {
    // Twenty-four answers (about 6.6 MB) wait on a connection nobody reads. The four large ones first fill most of
    // what the sockets hold (about 4.2 MB here); one of the lent ones after them is then taken in part, and the rest of
    // it waits in its buffer while forty other answers borrow buffers from the pool and give them back.
    const ns = Array.from({ length: 24 }, (_, i) => i + 1);
    const slow = pipelined(ns, 400);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const others = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const answer = await fetch(`http://127.0.0.1:${port}/answer/${100 + i}`);
        return isAnswer(await answer.text(), 100 + i);
      }),
    );
    expect(others.every(Boolean)).toBe(true);
    const bodies = await slow;
    expect(bodies.map((text, i) => isAnswer(text, i + 1))).toEqual(ns.map(() => true));
    expect(unfinished).toBeGreaterThan(0);
  });

  it('carry their content type, and an ETag on a GET', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/answer/7`);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('etag')).toMatch(/^W\/"/);
    expect(isAnswer(await answer.text(), 7)).toBe(true);
  });
});
