// Time per slide on a hand-moved clock: only visible, active time on a slide counts.
import { describe, expect, it } from 'vitest';
import { ACTIVE_WINDOW_MS } from '../../schemas/engagementPaths.ts';
import { createSlideTimer } from '../../src/engagement/slideTimer.ts';

function clock(start = 1_000_000) {
  let at = start;
  return { now: () => at, move: (ms: number) => (at += ms) };
}

describe('the slide timer', () => {
  it('counts the time on each slide, in the order read, and forgets it once taken', () => {
    const time = clock();
    const timer = createSlideTimer(time.now);
    timer.show('/');
    time.move(12_000);
    timer.show('/market');
    time.move(30_500);
    timer.show('/');
    time.move(1_000);
    expect(timer.take()).toEqual([
      { path: '/', ms: 13_000 },
      { path: '/market', ms: 30_500 },
    ]);
    expect(timer.take()).toEqual([]);
    time.move(4_000);
    expect(timer.take()).toEqual([{ path: '/', ms: 4_000 }]);
  });

  it('counts nothing before the first slide, off the deck, or while the tab is hidden', () => {
    const time = clock();
    const timer = createSlideTimer(time.now);
    time.move(5_000);
    timer.show(null);
    time.move(5_000);
    timer.show('/team');
    time.move(2_000);
    timer.visible(false);
    time.move(600_000);
    timer.visible(true);
    time.move(3_000);
    expect(timer.take()).toEqual([{ path: '/team', ms: 5_000 }]);
  });

  it('stops counting ACTIVE_WINDOW_MS after the last input, and counts again from the next one', () => {
    const time = clock();
    const timer = createSlideTimer(time.now);
    timer.show('/market');
    time.move(60_000);
    timer.input();
    time.move(10 * 60_000);
    // Only the active window after the input counts of those ten idle minutes.
    expect(timer.take()).toEqual([{ path: '/market', ms: 60_000 + ACTIVE_WINDOW_MS }]);
    timer.input();
    time.move(7_000);
    expect(timer.take()).toEqual([{ path: '/market', ms: 7_000 }]);
  });

  it('coming back to the tab is activity: the window starts again then', () => {
    const time = clock();
    const timer = createSlideTimer(time.now);
    timer.show('/');
    timer.visible(false);
    time.move(ACTIVE_WINDOW_MS * 3);
    timer.visible(true);
    time.move(ACTIVE_WINDOW_MS - 1);
    expect(timer.take()).toEqual([{ path: '/', ms: ACTIVE_WINDOW_MS - 1 }]);
    expect(timer.lastInput()).toBe(time.now() - (ACTIVE_WINDOW_MS - 1));
  });
});

// Found by `npm run mutate`.
describe('the slide timer, in detail', () => {
  it('an input after a lapsed window counts only the window, not the idle gap before the input', () => {
    const time = clock();
    const timer = createSlideTimer(time.now);
    timer.show('/market');
    time.move(5 * 60_000);
    timer.input();
    time.move(60_000);
    expect(timer.take()).toEqual([{ path: '/market', ms: ACTIVE_WINDOW_MS + 60_000 }]);
  });

  it('hiding the tab is not an input: the last input stays when it was', () => {
    const time = clock();
    const timer = createSlideTimer(time.now);
    timer.show('/');
    const input = timer.lastInput();
    time.move(30_000);
    timer.visible(false);
    expect(timer.lastInput()).toBe(input);
    time.move(30_000);
    timer.visible(true);
    expect(timer.lastInput()).toBe(input + 60_000);
  });
});
