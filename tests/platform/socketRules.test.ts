import { describe, expect, it } from 'vitest';
import {
  EventBudget,
  SOCKET_DROP_WINDOW_MS,
  SOCKET_DROPS_BEFORE_CLOSE,
  SOCKET_EVENT_BURST,
  SOCKET_EVENTS_PER_SECOND,
} from '../../src/platform/live/socketBudget.ts';
import { isServerRoom, stillStands, tokenRoom, userRoom, viewersRoom } from '../../src/platform/live/socketStanding.ts';
import { person } from './callers.ts';

// The hook-free rules that keep sockets honest: who still stands, which rooms are the server's,
// and the per-socket event budget.

describe('stillStands', () => {
  it('keeps only the same person with the same role', () => {
    expect(stillStands(person('a'), person('a'))).toBe(true);
    expect(stillStands(person('a', 'admin'), person('a', 'user')), 'a demoted admin').toBe(false);
    expect(stillStands(person('a', 'user'), person('a', 'admin')), 'a promoted viewer reconnects to join as admin').toBe(false);
    expect(stillStands(person('a'), person('b')), 'another person').toBe(false);
    expect(stillStands(person('a'), null), 'refused by the admission').toBe(false);
    expect(stillStands(person('a'), { kind: 'invalid' })).toBe(false);
    expect(stillStands({ kind: 'service' }, { kind: 'service' })).toBe(true);
    expect(stillStands({ kind: 'anonymous' }, { kind: 'anonymous' })).toBe(true);
    expect(stillStands({ kind: 'service' }, person('a')), 'another kind of caller on the same socket').toBe(false);
    expect(stillStands({ kind: 'service' }, { kind: 'anonymous' })).toBe(false);
  });
});

describe('server rooms', () => {
  it('are every room the server names for itself, and no room a client may ask for', () => {
    for (const room of [userRoom('u1'), tokenRoom('ab'), viewersRoom('app')]) expect(isServerRoom(room), room).toBe(true);
    for (const room of ['entities:app:Note', 'follow:app', 'presence:app', '/agent-conversations/1']) expect(isServerRoom(room), room).toBe(false);
  });
});

describe('EventBudget', () => {
  it(`lets a burst of ${SOCKET_EVENT_BURST} through, then ${SOCKET_EVENTS_PER_SECOND} a second`, () => {
    const budget = new EventBudget(0);
    const burst = Array.from({ length: SOCKET_EVENT_BURST + 10 }, () => budget.take(0));
    expect(burst.filter(Boolean)).toHaveLength(SOCKET_EVENT_BURST);
    expect(budget.dropped).toBe(10);
    // One second later, a second's worth more.
    const next = Array.from({ length: SOCKET_EVENTS_PER_SECOND + 5 }, () => budget.take(1000));
    expect(next.filter(Boolean)).toHaveLength(SOCKET_EVENTS_PER_SECOND);
  });

  it(`calls ${SOCKET_DROPS_BEFORE_CLOSE} drops within ${SOCKET_DROP_WINDOW_MS} ms a flood, whatever got through between them`, () => {
    const budget = new EventBudget(0);
    for (let i = 0; i < SOCKET_EVENT_BURST; i += 1) budget.take(0);
    let t = 0;
    for (let i = 0; i < SOCKET_DROPS_BEFORE_CLOSE + 200 && !budget.flooding; i += 1) budget.take((t += 5));
    expect(budget.flooding).toBe(true);
    // A quiet window starts the count again.
    budget.take(t + SOCKET_DROP_WINDOW_MS + 1);
    expect(budget.flooding).toBe(false);
  });
});
