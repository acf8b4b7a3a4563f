// @vitest-environment node
import { NOTES_SIZE, notesSizeBy, readNotesSize, storeNotesSize } from '../../src/presenting/notesSize.ts';
import { describe, expect, it } from 'vitest';
import { PRESENTER_CHANNEL } from '../../schemas/presentingPaths.ts';
import { followStateOf } from '../../src/presenting/followState.ts';
import { joinPresenterChannel, newPairId } from '../../src/presenting/presenterChannel.ts';
import { elapsedMs, formatElapsed, resetTimer, startedTimer, toggledTimer } from '../../src/presenting/presenterTimer.ts';
import { presenterPair, presenterStartPath, presenterUrl } from '../../src/presenting/presenterAddress.ts';
import { isPresenterAddress } from '../../src/presenting/presenterUrl.ts';
import { eventually } from '../support/waitFor.ts';

describe('the presenter timer', () => {
  it('counts while running, holds while paused, and resets to zero', () => {
    let timer = startedTimer(1_000);
    expect(elapsedMs(timer, 6_000)).toBe(5_000);
    timer = toggledTimer(timer, 6_000);
    expect(elapsedMs(timer, 60_000)).toBe(5_000);
    timer = toggledTimer(timer, 60_000);
    expect(elapsedMs(timer, 62_500)).toBe(7_500);
    timer = resetTimer(timer, 62_500);
    expect(elapsedMs(timer, 63_500)).toBe(1_000);
    expect(elapsedMs(resetTimer(toggledTimer(timer, 63_500), 70_000), 90_000)).toBe(0);
  });

  it('reads as minutes and seconds, with hours once there are any', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65_999)).toBe('1:05');
    expect(formatElapsed(3_729_000)).toBe('1:02:09');
  });
});

describe('the presenter address', () => {
  it('round-trips the start slide and refuses anything but a slide path', () => {
    const pair = newPairId();
    const url = new URL(presenterUrl('/market', pair), 'http://deck.test');
    expect(isPresenterAddress(url.search)).toBe(true);
    expect(presenterStartPath(url.search)).toBe('/market');
    expect(presenterPair(url.search)).toBe(pair);
    expect(presenterPair('?presenter=1&pair=not-a-pair')).toBeNull();
    expect(isPresenterAddress('?presenter=0')).toBe(false);
    expect(presenterStartPath('?presenter=1&slide=https://evil.example')).toBeNull();
  });
});

describe('the presenter channel', () => {
  it('carries moves both ways between a deck tab and its presenter window, never echoes a move back, and moves no other tab', async () => {
    const pair = newPairId();
    const deckHeard: string[] = [];
    const presenterHeard: string[] = [];
    const otherHeard: string[] = [];
    const deck = joinPresenterChannel(pair, (path) => {
      deckHeard.push(path);
      deck.moved(path); // the deck navigates, and its route effect reports the move
    });
    const presenter = joinPresenterChannel(pair, (path) => {
      presenterHeard.push(path);
      presenter.moved(path);
    });
    // Another admin tab of the same browser (the console) with a pairing of its own.
    const other = joinPresenterChannel(newPairId(), (path) => otherHeard.push(path));
    try {
      deck.moved('/market');
      await eventually(() => presenterHeard.includes('/market'));
      presenter.moved('/problem');
      await eventually(() => deckHeard.includes('/problem'));
      other.moved('/ecosystem');
      // A stranger on the channel with garbage, or without the pair, changes nothing.
      const stranger = new BroadcastChannel(PRESENTER_CHANNEL);
      stranger.postMessage({ type: 'goto', pair, path: 'javascript:alert(1)' });
      stranger.postMessage({ type: 'goto', path: '/reverseguide' });
      stranger.postMessage({ type: 'goto', pair, path: '/contact' });
      await eventually(() => deckHeard.includes('/contact') && presenterHeard.includes('/contact'));
      stranger.close();
      expect(deckHeard).toEqual(['/problem', '/contact']);
      expect(presenterHeard).toEqual(['/market', '/contact']);
      expect(otherHeard).toEqual([]);
    } finally {
      deck.close();
      presenter.close();
      other.close();
    }
  });
});

describe('a follow state from the room', () => {
  it('takes the platform’s shape and nothing else', () => {
    expect(followStateOf({ path: '/market', presenter: 'Pat', at: '2026-01-01T00:00:00Z' })).toEqual({
      path: '/market',
      presenter: 'Pat',
      at: '2026-01-01T00:00:00Z',
    });
    expect(followStateOf({ path: null, presenter: null, at: null })).toEqual({ path: null, presenter: null, at: null });
    expect(followStateOf({ path: 'https://evil.example' })).toBeNull();
    expect(followStateOf('nonsense')).toBeNull();
  });
});

describe('the notes text size', () => {
  it('moves in steps between 16 and 40 px and reads back only a step between them', () => {
    expect(notesSizeBy(NOTES_SIZE.initial, 1)).toBe(NOTES_SIZE.initial + NOTES_SIZE.step);
    expect(notesSizeBy(NOTES_SIZE.min, -1)).toBe(16);
    expect(notesSizeBy(NOTES_SIZE.max, 1)).toBe(40);
    const stored = (value: string | null) => ({ getItem: () => value });
    expect(readNotesSize(stored('30'))).toBe(30);
    for (const bad of ['31', '12', '44', 'big', null]) expect(readNotesSize(stored(bad))).toBe(NOTES_SIZE.initial);
    const kept = new Map<string, string>();
    storeNotesSize(18, { setItem: (key, value) => kept.set(key, value) });
    expect(readNotesSize({ getItem: (key) => kept.get(key) ?? null })).toBe(18);
  });
});
