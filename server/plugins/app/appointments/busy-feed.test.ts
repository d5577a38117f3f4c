// A practice's calendar feed as busy times (docs/product.md 30.2; decision 200): a recurring event with an
// exception and a moved occurrence in its own VTIMEZONE, an all-day event, a free one; the fetch refuses
// private addresses and oversize or slow feeds; a sweep reads a feed once and replaces its busy times.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildTestApp } from '../../../test/helper';
import { createVet, injectAs } from '../../../test/factories';
import { createTestClock } from '../../../lib/clock';
import { busyTimes } from '../../../db/schema';
import { busyRangesOf, fetchFeed, isPrivateAddress } from './busy-feed';
import type { BookingSettingsAnswer } from '../../../../shared/schemas/booking';

const iso = (ms: number) => new Date(ms).toISOString();
const at = (value: string) => new Date(value).getTime();

// Weekly on Mondays 09:00-10:00 Berlin time from 6 January 2025, five times; the second is cancelled
// (EXDATE), the third moved to 14:00-15:00; an all-day event on 1 February; a TRANSPARENT event is free.
const FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Test//Feed//EN',
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:STANDARD',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
  'BEGIN:VEVENT',
  'UID:weekly-1',
  'DTSTAMP:20250101T000000Z',
  'DTSTART;TZID=Europe/Berlin:20250106T090000',
  'DTEND;TZID=Europe/Berlin:20250106T100000',
  'RRULE:FREQ=WEEKLY;COUNT=5',
  'EXDATE;TZID=Europe/Berlin:20250113T090000',
  'SUMMARY:Team meeting',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:weekly-1',
  'DTSTAMP:20250101T000000Z',
  'RECURRENCE-ID;TZID=Europe/Berlin:20250120T090000',
  'DTSTART;TZID=Europe/Berlin:20250120T140000',
  'DTEND;TZID=Europe/Berlin:20250120T150000',
  'SUMMARY:Team meeting (moved)',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:holiday',
  'DTSTAMP:20250101T000000Z',
  'DTSTART;VALUE=DATE:20250201',
  'DTEND;VALUE=DATE:20250202',
  'SUMMARY:Closed',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:free',
  'DTSTAMP:20250101T000000Z',
  'DTSTART:20250107T120000Z',
  'DTEND:20250107T130000Z',
  'TRANSP:TRANSPARENT',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

describe('reading a calendar feed', () => {
  it('expands the recurrence, leaves out the exception, places the moved occurrence, and reads times in their zone', () => {
    const ranges = busyRangesOf(FEED, 'America/New_York', at('2025-01-01T00:00:00Z'), at('2025-03-01T00:00:00Z')).map(([s, e]) => [iso(s), iso(e)]);
    expect(ranges).toEqual(
      expect.arrayContaining([
        ['2025-01-06T08:00:00.000Z', '2025-01-06T09:00:00.000Z'],
        ['2025-01-20T13:00:00.000Z', '2025-01-20T14:00:00.000Z'],
        ['2025-01-27T08:00:00.000Z', '2025-01-27T09:00:00.000Z'],
        ['2025-02-03T08:00:00.000Z', '2025-02-03T09:00:00.000Z'],
        // An all-day date is the practice's whole day (New York).
        ['2025-02-01T05:00:00.000Z', '2025-02-02T05:00:00.000Z'],
      ]),
    );
    expect(ranges).toHaveLength(5);
    expect(ranges.map(([s]) => s)).not.toContain('2025-01-13T08:00:00.000Z');
    expect(ranges.map(([s]) => s)).not.toContain('2025-01-20T08:00:00.000Z');
    expect(() => busyRangesOf('not a calendar', 'UTC', 0, Date.now())).toThrow('not an iCalendar file');
    // An endless series stops at the window's end.
    const endless = FEED.replace('RRULE:FREQ=WEEKLY;COUNT=5', 'RRULE:FREQ=DAILY');
    expect(busyRangesOf(endless, 'UTC', at('2025-01-01T00:00:00Z'), at('2025-01-11T00:00:00Z')).length).toBeLessThan(12);
  });

  it('never fetches from this machine or a private network, and only over https', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '169.254.169.254', '::1', '::ffff:127.0.0.1', 'fd00::1', '0.0.0.0'])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '2606:4700:4700::1111']) expect(isPrivateAddress(address), address).toBe(false);
    await expect(fetchFeed('https://127.0.0.1:1/feed.ics', false)).rejects.toThrow('private network');
    await expect(fetchFeed('https://localhost:1/feed.ics', false)).rejects.toThrow('private network');
    await expect(fetchFeed('http://calendar.example/feed.ics', false)).rejects.toThrow('https');
  });
});

describe('the feed sweep', () => {
  let app: FastifyInstance;
  let server: http.Server;
  let body = FEED;
  let hits = 0;
  const clock = createTestClock(new Date('2025-01-02T12:00:00Z'));

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits++;
      if (request.url === '/huge.ics') {
        response.writeHead(200, { 'content-type': 'text/calendar' });
        response.end('X'.repeat(3_000_000));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/calendar' });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    app = await buildTestApp({ BUSY_FEED_ALLOW_PRIVATE: 'on' }, { clock });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads a feed once per 10 minutes whatever the number of sweeps, and replaces its busy times each read', async () => {
    const vet = await createVet(app, { plan: 2, timeZone: 'Europe/Berlin' });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.ics`;
    const saved = await injectAs(app, vet.token, { url: '/api/user/booking-settings', payload: { busy_feed_url: url } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<BookingSettingsAnswer>().busy_feed_url).toBe(url);
    await Promise.all([app.appointments.booking.readDueFeeds(), app.appointments.booking.readDueFeeds(), app.appointments.booking.readDueFeeds()]);
    expect(hits).toBe(1);
    const stored = await app.database.db.select().from(busyTimes).where(eq(busyTimes.doctorId, vet.user.id));
    // From a week back to the 30-day horizon: 6, 20 (moved) and 27 January, and 1 February all day.
    expect(stored.map((b) => b.source)).toEqual(['feed', 'feed', 'feed', 'feed']);
    expect(await app.appointments.booking.readDueFeeds()).toBe(0);
    // Ten minutes later the next read replaces them: the meeting was cancelled.
    body = FEED.replace('RRULE:FREQ=WEEKLY;COUNT=5', 'RRULE:FREQ=WEEKLY;COUNT=1');
    clock.advance(10 * 60_000);
    expect(await app.appointments.booking.readDueFeeds()).toBe(1);
    expect(await app.database.db.select().from(busyTimes).where(eq(busyTimes.doctorId, vet.user.id))).toHaveLength(2);
    // A feed too large is refused and said so; the busy times it had stay.
    await injectAs(app, vet.token, { url: '/api/user/booking-settings', payload: { busy_feed_url: url.replace('feed.ics', 'huge.ics') } });
    await app.appointments.booking.readDueFeeds();
    const settings = (await injectAs(app, vet.token, { url: '/api/user/booking-settings', payload: {} })).json<BookingSettingsAnswer>();
    expect(settings.feed_error).toBe('The calendar feed is larger than 2 MB.');
  });
});
