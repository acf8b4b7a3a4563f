import { describe, expect, it } from 'vitest';
import { dateInputValue, expiryDay, relativeTime } from '../../src/admin/timeText.ts';

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

  it('show an expiry as the UTC day it lasts through, and fill the date box with it', () => {
    expect(expiryDay('2026-12-31T23:59:59.999Z')).toBe('31 Dec 2026');
    expect(dateInputValue('2026-12-31T23:59:59.999Z')).toBe('2026-12-31');
    expect(dateInputValue(null)).toBe('');
  });
});
