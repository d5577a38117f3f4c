import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdMessageStream, reconnectDelay } from './message-events';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeSource {
  static opened: FakeSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data?: unknown) {
    for (const listener of this.listeners.get(name) ?? []) listener({ data: JSON.stringify(data) } as MessageEvent);
  }
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('the live message stream of a tab', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSource.opened = [];
    vi.stubGlobal('EventSource', FakeSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits 1, 2, 4 ... seconds between tries, never more than 30, with a little jitter', () => {
    expect([1, 2, 3, 4].map((n) => reconnectDelay(n, 0.5))).toEqual([1000, 2000, 4000, 8000]);
    expect(reconnectDelay(20, 0.5)).toBe(30_000);
    expect(reconnectDelay(1, 0)).toBe(800);
    expect(reconnectDelay(1, 1)).toBe(1200);
  });

  it('keeps one stream for every holder in the tab and closes it when the last lets go', async () => {
    const link = vi.fn(async () => '/api/messages/events?ticket=a');
    const dispatch = vi.fn();
    const releaseMenu = holdMessageStream('session-1', { dispatch, link });
    const releaseOther = holdMessageStream('session-1', { dispatch, link });
    await flush();
    expect(FakeSource.opened.map((s) => s.url)).toEqual(['/api/messages/events?ticket=a']);
    releaseMenu();
    expect(FakeSource.opened[0]!.closed).toBe(false);
    releaseOther();
    expect(FakeSource.opened[0]!.closed).toBe(true);
  });

  it('turns events into cache updates: a message reads its thread again, an unread total is written as it comes', async () => {
    const dispatch = vi.fn();
    const release = holdMessageStream('session-2', { dispatch, link: async () => '/events?ticket=b' });
    await flush();
    FakeSource.opened[0]!.emit('message', { thread_id: 7, message: { id: 1 } });
    expect(dispatch).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'api/invalidateTags', payload: ['Threads', { type: 'Thread', id: 7 }] }));
    FakeSource.opened[0]!.emit('unread', { unread_total: 3 });
    expect(typeof dispatch.mock.lastCall?.[0]).toBe('function'); // RTK Query's upsert thunk
    release();
  });

  it('after a drop asks for a fresh link and opens again after a growing pause, and catches up once back', async () => {
    let n = 0;
    const link = vi.fn(async () => `/events?ticket=${++n}`);
    const dispatch = vi.fn();
    const release = holdMessageStream('session-3', { dispatch, link });
    await flush();
    FakeSource.opened[0]!.emit('error');
    expect(FakeSource.opened[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(700);
    expect(FakeSource.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(600);
    expect(FakeSource.opened.map((s) => s.url)).toEqual(['/events?ticket=1', '/events?ticket=2']);
    FakeSource.opened[1]!.emit('error');
    await vi.advanceTimersByTimeAsync(1500);
    expect(FakeSource.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSource.opened).toHaveLength(3);
    FakeSource.opened[2]!.emit('open');
    expect(dispatch).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'api/invalidateTags', payload: ['Threads', 'Thread'] }));
    release();
    expect(FakeSource.opened[2]!.closed).toBe(true);
  });

  it('a new session replaces the stream of the old one', async () => {
    const dispatch = vi.fn();
    const releaseOld = holdMessageStream('old', { dispatch, link: async () => '/events?ticket=old' });
    await flush();
    const releaseNew = holdMessageStream('new', { dispatch, link: async () => '/events?ticket=new' });
    await flush();
    expect(FakeSource.opened[0]!.closed).toBe(true);
    expect(FakeSource.opened[1]!.url).toBe('/events?ticket=new');
    releaseOld();
    expect(FakeSource.opened[1]!.closed).toBe(false);
    releaseNew();
  });
});
