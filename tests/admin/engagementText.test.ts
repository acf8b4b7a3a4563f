import { describe, expect, it } from 'vitest';
import type { PresenceViewer } from '../../schemas/engagementPaths.ts';
import { durationText } from '../../schemas/durationText.ts';
import { deviceLabel } from '../../src/admin/engagement/durationText.ts';
import { latest, relativeTime } from '../../src/admin/timeText.ts';
import { LIVE_LINK, openedText } from '../../src/admin/people/openedNotices.ts';
import { chartLabel } from '../../src/admin/engagement/SlideTimeChart.tsx';
import { viewingNow } from '../../src/admin/engagement/usePresence.ts';
import { progressText } from '../../src/admin/engagement/ViewerDetail.tsx';

// The console's words for engagement: durations, devices, how far, the Live list and the notice.

describe('durationText', () => {
  it('rounds to the second and keeps two units at most', () => {
    expect(durationText(0)).toBe('0 s');
    expect(durationText(-20)).toBe('0 s');
    expect(durationText(4_600)).toBe('5 s');
    expect(durationText(12_000)).toBe('12 s');
    expect(durationText(60_000)).toBe('1 min');
    expect(durationText(65_400)).toBe('1 min 5 s');
    expect(durationText(3_600_000)).toBe('1 h');
    expect(durationText(2 * 3_600_000 + 3 * 60_000 + 59_000)).toBe('2 h 3 min');
  });
});

describe('deviceLabel', () => {
  it('names the three kinds and passes anything else through', () => {
    expect(['desktop', 'tablet', 'phone'].map(deviceLabel)).toEqual(['Desktop', 'Tablet', 'Phone']);
    expect(deviceLabel('watch')).toBe('watch');
    expect(deviceLabel(null)).toBe('Unknown');
  });
});

describe('how far', () => {
  const slides = [
    { path: '/', label: 'Cover', order: 1 },
    { path: '/market', label: 'Market', order: 2 },
    { path: '/coretechnology', label: 'Core technology', order: null },
  ];
  it('says slides seen out of the deck and the furthest by its place and label', () => {
    expect(progressText({ seen: 2, furthest: 1 }, slides, 2)).toBe('2 of 2 slides, furthest 2 · Market');
    expect(progressText({ seen: 0, furthest: -1 }, slides, 2)).toBe('0 of 2 slides');
  });
  it('marks the appendix "A" in the chart', () => {
    expect(chartLabel(slides[2]!)).toBe('A · Core technology');
  });
});

describe('the Live list and the opened notice', () => {
  const person = (email: string, role: string, opened_at: string): PresenceViewer => ({
    user_id: email,
    email,
    role,
    path: '/',
    device: 'desktop',
    since: opened_at,
    opened_at,
  });

  it('lists viewers, not admins (their pages report no slide), longest here first', () => {
    const list = viewingNow({
      viewers: [
        person('late@lender.test', 'user', '2026-11-24T10:05:00Z'),
        person('admin@test.local', 'admin', '2026-11-24T09:00:00Z'),
        person('early@lender.test', 'user', '2026-11-24T10:00:00Z'),
      ],
    });
    expect(list.map((viewer) => viewer.email)).toEqual(['early@lender.test', 'late@lender.test']);
  });

  it('names who opened the deck, with their name when known, and links to Live', () => {
    expect(openedText({ email: 'ada@lender.test' })).toBe('ada@lender.test opened the deck');
    expect(openedText({ email: 'ada@lender.test', full_name: ' Ada Lovelace ' })).toBe('Ada Lovelace (ada@lender.test) opened the deck');
    expect(LIVE_LINK.href).toBe('/admin#admin-live');
  });
});

describe('the time a live record is read against', () => {
  it('is the present when the minute clock lags, so a record just in reads "just now", never "in 1 minute"', () => {
    const tick = new Date('2026-11-24T12:00:00Z');
    const present = Date.parse('2026-11-24T12:00:55Z');
    expect(relativeTime('2026-11-24T12:00:50Z', tick)).toBe('in 1 minute');
    expect(relativeTime('2026-11-24T12:00:50Z', latest(tick, present))).toBe('just now');
    expect(latest(tick, Date.parse('2026-11-24T11:59:00Z'))).toBe(tick);
  });
});
