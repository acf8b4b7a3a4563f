import { describe, expect, it } from 'vitest';
import { serverOffset } from '../../src/admin/serverClock.ts';
import { dateInputValue, dayText, exactTime, expiryDay, latest, pastTime, relativeTime } from '../../src/admin/timeText.ts';
import { LOCAL_ZONE, localDay, localTime } from '../support/localDay.ts';

const NOW = new Date('2026-11-24T12:00:00Z');

describe('times in the console', () => {
  it('are relative for scanning', () => {
    expect(relativeTime('2026-11-24T11:59:30Z', NOW)).toBe('just now');
    expect(relativeTime('2026-11-24T11:55:00Z', NOW)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-24T09:00:00Z', NOW)).toBe('3 hours ago');
    expect(relativeTime('2026-11-23T12:00:00Z', NOW)).toBe('yesterday');
    expect(relativeTime('2026-11-27T12:00:00Z', NOW)).toBe('in 3 days');
    expect(relativeTime('not a date', NOW)).toBe('');
  });

  it('say "just now" up to 44 seconds either way, and a minute from 45', () => {
    expect(relativeTime('2026-11-24T11:59:16Z', NOW)).toBe('just now');
    expect(relativeTime('2026-11-24T12:00:44Z', NOW)).toBe('just now');
    expect(relativeTime('2026-11-24T11:59:15Z', NOW)).toBe('1 minute ago');
    expect(relativeTime('2026-11-24T12:00:45Z', NOW)).toBe('in 1 minute');
    expect(relativeTime('2026-11-24T11:58:01Z', NOW)).toBe('1 minute ago');
  });

  it(`show an expiry as the UTC day it lasts through, and fill the date box with it, in any zone (here ${LOCAL_ZONE})`, () => {
    const lastsThrough = `an admin in ${LOCAL_ZONE} must see the UTC day access lasts through, not the day it ends where they are`;
    // Access until 31 Dec lasts through that UTC day: in UTC+14 it ends on 1 Jan, at 13:59.
    expect(expiryDay('2026-12-31T23:59:59.999Z'), lastsThrough).toBe('31 Dec 2026');
    expect(expiryDay('2026-12-31T00:00:00.000Z'), lastsThrough).toBe('31 Dec 2026');
    expect(expiryDay('not a date')).toBe('');
    expect(dateInputValue('2026-12-31T23:59:59.999Z'), lastsThrough).toBe('2026-12-31');
    expect(dateInputValue(null)).toBe('');
    expect(dateInputValue('')).toBe('');
    expect(dateInputValue('garbage')).toBe('');
  });

  it(`write when something happened in the admin's own zone (here ${LOCAL_ZONE}), not UTC's`, () => {
    for (const iso of ['2026-11-24T12:00:00Z', '2026-11-24T09:59:00Z', '2026-12-31T23:30:00Z']) {
      expect(dayText(iso), `the day of ${iso} in ${LOCAL_ZONE}`).toBe(localDay(iso));
      expect(exactTime(iso), `the time of ${iso} in ${LOCAL_ZONE}`).toBe(localTime(iso));
    }
    expect(dayText('garbage')).toBe('');
    expect(exactTime('garbage')).toBe('');
  });
});

describe('the console’s clock', () => {
  it('never says "in N minutes" for something that happened, and counts what did from the server’s now', () => {
    // Written by the server a moment after the console's last tick, or by a clock a little ahead.
    expect(pastTime('2026-11-24T12:01:30Z', NOW)).toBe('just now');
    expect(pastTime('2026-11-24T12:00:10Z', NOW)).toBe('just now');
    expect(pastTime('2026-11-24T11:59:00Z', NOW)).toBe('1 minute ago');
    expect(pastTime('2026-11-24T09:00:00Z', NOW)).toBe('3 hours ago');
    expect(pastTime('garbage', NOW)).toBe('');
  });

  it('takes the later of its last tick and the present', () => {
    expect(latest(NOW, NOW.getTime() + 5000)).toEqual(new Date(NOW.getTime() + 5000));
    expect(latest(NOW, NOW.getTime() - 5000)).toBe(NOW);
    expect(latest(NOW, NOW.getTime())).toBe(NOW);
  });

  it('reads the server’s clock from a reply’s Date header, against the middle of the round trip', () => {
    const browserNow = Date.parse('2026-11-24T12:02:00.000Z');
    // The server's clock two minutes behind this browser's; the header names the whole second.
    expect(serverOffset('Tue, 24 Nov 2026 12:00:00 GMT', browserNow - 100, browserNow + 100)).toBe(-120_000 + 500);
    expect(serverOffset('Tue, 24 Nov 2026 12:04:00 GMT', browserNow, browserNow)).toBe(120_000 + 500);
    expect(serverOffset(null, browserNow, browserNow)).toBeNull();
    expect(serverOffset('not a date', browserNow, browserNow)).toBeNull();
  });
});
