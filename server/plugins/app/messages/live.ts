// Live messages (docs/product.md section 32; decision 212): each app server keeps its open server-sent-event
// streams by account and writes an event to every stream of the accounts it names. With REDIS_URL set an
// event goes through one Redis channel, so a message sent to server A reaches a stream opened on server B;
// without Redis it stays in this process. Streams beat every 25 seconds and are forgotten when they close. An
// account's limit of open streams holds across servers through Redis (TAKE_PLACE).
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Redis } from 'ioredis';
import { MESSAGE_LIMITS } from '../../../../shared/lib/message-rules';

/** What a stream receives: a new message, a new unread total, or the other side having read. */
export interface LiveEvent {
  event: 'message' | 'unread' | 'read';
  data: unknown;
}

interface Delivery {
  userId: number;
  event: LiveEvent;
}

const isDelivery = (value: unknown): value is Delivery => {
  const v = value as Partial<Delivery> | null;
  return (
    !!v && Number.isSafeInteger(v.userId) && typeof v.event === 'object' && v.event !== null && ['message', 'unread', 'read'].includes(String(v.event.event))
  );
};

/**
 * An account's stream places across servers (with Redis): a sorted set of place ids scored by when each lapses,
 * taken only while fewer than the limit are live, in one atomic script. Redis's own clock dates them, so servers
 * whose clocks differ agree. A place is kept alive by the heartbeat and lapses three beats after its server
 * stopped beating (a crash), so a dead server's streams do not hold an account's places for long.
 */
const TAKE_PLACE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1`;
const KEEP_PLACE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return 1`;
/** How long a place lives without a heartbeat. */
const PLACE_LIFETIME_MS = 3 * MESSAGE_LIMITS.heartbeatMs;

export class MessageHub {
  /** Per account: its places on this server by id, with the stream once it is open (null while it opens). */
  private readonly streams = new Map<number, Map<string, ServerResponse | null>>();
  private keyPrefix = '';
  private readonly me = randomUUID();
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;
  private channel = '';
  private beat: NodeJS.Timeout | undefined;

  /** Carries events through Redis (one channel under the key prefix) besides this server's own streams. */
  async connect(redis: Redis, keyPrefix: string, warn: (error: unknown) => void): Promise<void> {
    this.publisher = redis;
    this.keyPrefix = keyPrefix;
    this.channel = `${keyPrefix}messages`;
    const subscriber = redis.duplicate();
    this.subscriber = subscriber;
    subscriber.on('error', warn);
    subscriber.on('message', (_channel: string, text: string) => {
      let parsed: { from?: unknown; deliveries?: unknown };
      try {
        parsed = JSON.parse(text) as typeof parsed;
      } catch {
        return;
      }
      // Redis sends this server its own messages too: those were delivered here already.
      if (parsed.from === this.me || !Array.isArray(parsed.deliveries)) return;
      for (const delivery of parsed.deliveries) if (isDelivery(delivery)) this.deliver(delivery);
    });
    await subscriber.subscribe(this.channel).catch(warn);
  }

  /**
   * Takes one of the account's stream places: on this server first (so parallel opens here cannot pass the
   * limit together), then, with Redis, across every server. Null when the account has all its places.
   */
  async reserve(userId: number): Promise<string | null> {
    const places = this.streams.get(userId) ?? new Map<string, ServerResponse | null>();
    if (places.size >= MESSAGE_LIMITS.streamsPerAccount) return null;
    const id = randomUUID();
    places.set(id, null);
    this.streams.set(userId, places);
    if (!this.publisher) return id;
    const taken = await this.publisher
      .eval(TAKE_PLACE, 1, this.placesKey(userId), MESSAGE_LIMITS.streamsPerAccount, PLACE_LIFETIME_MS, id)
      // Redis out of reach: this server's own limit still holds.
      .catch(() => 1);
    if (taken === 1) return id;
    this.release(userId, id);
    return null;
  }

  /** Puts an open stream in the place reserve() took. */
  attach(userId: number, id: string, stream: ServerResponse): void {
    this.streams.get(userId)?.set(id, stream);
    this.beat ??= setInterval(() => this.heartbeat(), MESSAGE_LIMITS.heartbeatMs).unref();
  }

  /** Gives a place back (its stream closed, or it never opened). */
  release(userId: number, id: string): void {
    const places = this.streams.get(userId);
    if (!places?.delete(id)) return;
    if (places.size === 0) this.streams.delete(userId);
    if (this.publisher) void this.publisher.zrem(this.placesKey(userId), id).catch(() => undefined);
    if (this.streams.size === 0 && this.beat) {
      clearInterval(this.beat);
      this.beat = undefined;
    }
  }

  /** Open streams on this server (for tests and the health of the feature). */
  openStreams(userId?: number): number {
    const open = (places: Map<string, ServerResponse | null>) => [...places.values()].filter(Boolean).length;
    if (userId !== undefined) return open(this.streams.get(userId) ?? new Map());
    let n = 0;
    for (const places of this.streams.values()) n += open(places);
    return n;
  }

  /** Sends events to accounts, wherever their streams are open. */
  publish(deliveries: Delivery[]): void {
    if (deliveries.length === 0) return;
    for (const delivery of deliveries) this.deliver(delivery);
    if (this.publisher) void this.publisher.publish(this.channel, JSON.stringify({ from: this.me, deliveries })).catch(() => undefined);
  }

  /** Ends every stream (the server is closing) and leaves the Redis channel. */
  async close(): Promise<void> {
    for (const places of this.streams.values()) for (const stream of places.values()) stream?.end();
    this.streams.clear();
    if (this.beat) clearInterval(this.beat);
    this.beat = undefined;
    if (this.subscriber) await this.subscriber.quit().catch(() => this.subscriber?.disconnect());
  }

  private deliver({ userId, event }: Delivery): void {
    const places = this.streams.get(userId);
    if (!places) return;
    const text = `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
    for (const stream of places.values()) stream?.write(text);
  }

  private placesKey(userId: number): string {
    return `${this.keyPrefix}message-streams:${userId}`;
  }

  /** Every stream hears a beat, and its place across servers lives on. */
  private heartbeat(): void {
    for (const [userId, places] of this.streams) {
      for (const [id, stream] of places) {
        stream?.write(': beat\n\n');
        if (this.publisher) void this.publisher.eval(KEEP_PLACE, 1, this.placesKey(userId), PLACE_LIFETIME_MS, id).catch(() => undefined);
      }
    }
  }
}
