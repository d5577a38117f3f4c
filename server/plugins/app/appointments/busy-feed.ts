// A practice's calendar feed as busy times (docs/product.md 30.2; decision 200). Read every 10 minutes by
// one app server (the claim is one conditional UPDATE), fetched safely (https only, 10 s, 2 MB, never an
// address inside our network: every connection's DNS answer is checked, redirects included), parsed with
// ical.js: recurring events (RRULE) expanded over the booking window, EXDATE exceptions left out, moved
// occurrences (RECURRENCE-ID) placed where they moved, times read in their VTIMEZONE. The feed's busy
// times are replaced as a whole, under the practice's lock.
import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import net from 'node:net';
import ICAL from 'ical.js';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { bookingSettings, busyTimes, profiles } from '../../../db/schema';
import { zonedTime } from '../../../../shared/lib/appointment-rules';
import { BOOKING_LIMITS } from '../../../../shared/lib/booking-rules';
import { knownZone } from '../../../../shared/lib/appointment-rules';
import { rowsOf } from '../../../lib/sql-rows';
import { practiceLock } from './booking-settings';

const DAY = 86_400_000;

/** Addresses a feed may never be fetched from: this machine, private networks, link-local, multicast, reserved. */
const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(address, prefix, 'ipv6');

/** Whether an address is one a feed may not come from (an IPv4 address mapped into IPv6 is checked as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

export class FeedError extends Error {}

/**
 * Fetches a feed's text. The DNS answer is checked inside the connection's own lookup, so the address
 * checked is the address connected to (no second lookup can swap it). Up to three redirects, each checked.
 */
export async function fetchFeed(address: string, allowPrivate: boolean, redirects = 3): Promise<string> {
  const url = new URL(address);
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw new FeedError('The calendar feed must be an https address.');
  const lookup: net.LookupFunction = (host, options, callback) => {
    dns.lookup(host, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isPrivateAddress(a.address));
      if (bad && !allowPrivate) return callback(new FeedError('The calendar feed address points inside a private network.'), '', 4);
      const first = list[0]!;
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, first.address, first.family);
    });
  };
  if (net.isIP(url.hostname) && isPrivateAddress(url.hostname) && !allowPrivate)
    throw new FeedError('The calendar feed address points inside a private network.');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<string>((resolve, reject) => {
    const request = client.get(
      url,
      { lookup, headers: { Accept: 'text/calendar', 'User-Agent': 'AnimalDoctor-BusyFeed/1' }, timeout: BOOKING_LIMITS.feedTimeoutMs },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          if (redirects <= 0) return reject(new FeedError('The calendar feed redirects too many times.'));
          return resolve(fetchFeed(new URL(response.headers.location, url).toString(), allowPrivate, redirects - 1));
        }
        if (status !== 200) {
          response.resume();
          return reject(new FeedError(`The calendar feed answered ${status}.`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > BOOKING_LIMITS.feedMaxBytes) {
            request.destroy(new FeedError('The calendar feed is larger than 2 MB.'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        response.on('error', reject);
      },
    );
    // The whole exchange, not only an idle socket, ends after the time limit.
    const deadline = setTimeout(() => request.destroy(new FeedError('The calendar feed took too long to answer.')), BOOKING_LIMITS.feedTimeoutMs);
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', () => request.destroy(new FeedError('The calendar feed took too long to answer.')));
    request.on('error', (error) => reject(error instanceof FeedError ? error : new FeedError('The calendar feed could not be read.')));
  });
}

/** A moment of the feed in ms: UTC and VTIMEZONE times as they say, floating times and dates in `zone`. */
function momentOf(time: ICAL.Time, zone: string, tzidHint: string | null): number {
  if (!time.isDate && time.zone && time.zone.tzid !== 'floating') return time.toUnixTime() * 1000;
  const local = !time.isDate && tzidHint && knownZone(tzidHint) ? tzidHint : zone;
  return zonedTime(local, time.year, time.month, time.day, time.isDate ? 0 : time.hour * 60 + time.minute).getTime();
}

/** The busy ranges of a calendar text between `from` and `to` (ms), at most feedEventsMax. */
export function busyRangesOf(text: string, zone: string, from: number, to: number): [number, number][] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch {
    throw new FeedError('The calendar feed is not an iCalendar file.');
  }
  if (root.name !== 'vcalendar') throw new FeedError('The calendar feed is not an iCalendar file.');
  const out: [number, number][] = [];
  const vevents = root.getAllSubcomponents('vevent');
  // Moved or changed occurrences (RECURRENCE-ID) belong to their series, by UID.
  const exceptions = vevents.filter((v) => v.hasProperty('recurrence-id'));
  const free = (v: ICAL.Component) =>
    String(v.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT' ||
    String(v.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
  const add = (start: number, end: number) => {
    if (end > from && start < to && end > start && out.length < BOOKING_LIMITS.feedEventsMax) out.push([start, end]);
  };
  for (const vevent of vevents) {
    if (vevent.hasProperty('recurrence-id')) continue;
    const event = new ICAL.Event(vevent);
    const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid') ?? null;
    const startTime = event.startDate;
    if (!startTime) continue;
    if (!event.isRecurring()) {
      if (free(vevent)) continue;
      const start = momentOf(startTime, zone, typeof tzid === 'string' ? tzid : null);
      const end = event.endDate ? momentOf(event.endDate, zone, typeof tzid === 'string' ? tzid : null) : start + (startTime.isDate ? DAY : 0);
      add(start, end);
      continue;
    }
    for (const exception of exceptions) if (exception.getFirstPropertyValue('uid') === event.uid) event.relateException(exception);
    const iterator = event.iterator();
    // A series can be endless or every second: the walk stops at the window's end and after a bounded number of steps.
    for (let step = 0, next = iterator.next(); next && step < 20_000; step++, next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      const hint = typeof tzid === 'string' ? tzid : null;
      const start = momentOf(details.startDate, zone, hint);
      if (momentOf(next, zone, hint) > to && start > to) break;
      if (free(details.item.component)) continue;
      add(start, momentOf(details.endDate, zone, hint));
      if (out.length >= BOOKING_LIMITS.feedEventsMax) break;
    }
  }
  return out;
}

/** Claims the feeds due for a read (one server each: the claim is one conditional UPDATE). */
export async function claimDueFeeds(db: DbOrTx, now: Date, limit = 20): Promise<{ doctorId: number; url: string }[]> {
  const due = new Date(now.getTime() - BOOKING_LIMITS.feedEveryMinutes * 60_000);
  const rows = await db.execute(sql`
    UPDATE booking_settings SET feed_read_at = ${now}
    WHERE doctor_id IN (
      SELECT doctor_id FROM booking_settings
      WHERE busy_feed_url IS NOT NULL AND (feed_read_at IS NULL OR feed_read_at <= ${due})
      ORDER BY feed_read_at NULLS FIRST LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING doctor_id, busy_feed_url`);
  return rowsOf<{ doctor_id: number; busy_feed_url: string }>(rows).map((r) => ({ doctorId: r.doctor_id, url: r.busy_feed_url }));
}

/** Reads one practice's feed and replaces its feed busy times; a failure is kept as feed_error (the old busy times stay). */
export async function readFeed(db: DbOrTx, doctorId: number, url: string, now: Date, allowPrivate: boolean): Promise<void> {
  const [row] = await db
    .select({ zone: profiles.timeZone, horizon: bookingSettings.horizonDays })
    .from(bookingSettings)
    .innerJoin(profiles, eq(profiles.userId, bookingSettings.doctorId))
    .where(eq(bookingSettings.doctorId, doctorId));
  const zone = row?.zone && knownZone(row.zone) ? row.zone : 'UTC';
  let ranges: [number, number][];
  try {
    const text = await fetchFeed(url, allowPrivate);
    ranges = busyRangesOf(text, zone, now.getTime() - 7 * DAY, now.getTime() + (row?.horizon ?? 30) * DAY + DAY);
  } catch (error) {
    const message = error instanceof FeedError ? error.message : 'The calendar feed could not be read.';
    await db.update(bookingSettings).set({ feedError: message }).where(eq(bookingSettings.doctorId, doctorId));
    return;
  }
  await db.transaction(async (tx) => {
    await practiceLock(tx, doctorId);
    // The address may have changed while this read was under way: then its events are not this feed's.
    const [current] = await tx.select({ url: bookingSettings.busyFeedUrl }).from(bookingSettings).where(eq(bookingSettings.doctorId, doctorId));
    if (current?.url !== url) return;
    await tx.delete(busyTimes).where(and(eq(busyTimes.doctorId, doctorId), eq(busyTimes.source, 'feed')));
    for (let i = 0; i < ranges.length; i += 500) {
      await tx
        .insert(busyTimes)
        .values(ranges.slice(i, i + 500).map(([start, end]) => ({ doctorId, start: new Date(start), end: new Date(end), note: '', source: 'feed' as const })));
    }
    await tx.update(bookingSettings).set({ feedError: null }).where(eq(bookingSettings.doctorId, doctorId));
  });
}
