import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import PresenterWindow from '../../src/presenting/PresenterWindow.tsx';
import { deckSlides } from '../../src/registry/slideRegistry.ts';
import { createClient } from '../../src/sdk/index.ts';

// The presenter window at the deck's two ends: a key that moves past either end is a key mid-pitch,
// so it must leave the window on that page, with no error.

const FIRST = deckSlides[0]!;
const LAST = deckSlides.at(-1)!;
const TOTAL = deckSlides.length;

/** Errors thrown by the window's key listener, as the page would report them. */
let thrown: string[] = [];
const onError = (event: ErrorEvent) => thrown.push(String(event.error?.message ?? event.message));

afterEach(() => {
  cleanup();
  window.removeEventListener('error', onError);
  window.history.replaceState(null, '', '/');
});

/** The presenter window opened on `path` (no pair: it moves on its own), with no platform to read notes from. */
function openOn(path: string) {
  thrown = [];
  window.addEventListener('error', onError);
  window.history.replaceState(null, '', `/?presenter=1&slide=${encodeURIComponent(path)}`);
  const client = createClient({ serverUrl: 'http://127.0.0.1:9', appId: 'app', storage: null, location: null, history: null, logger: { error: () => {} } });
  render(<PresenterWindow client={client} />);
}

async function press(key: string) {
  await act(async () => {
    try {
      fireEvent.keyDown(window, { key });
    } catch (error) {
      thrown.push(error instanceof Error ? error.message : String(error));
    }
  });
}

const counter = () => document.querySelector('.presenter__counter')!.textContent;
const now = () => screen.getByTestId('presenter-current').textContent;

describe('the presenter window at the ends of the deck', () => {
  it(`stays on the last page (${TOTAL} / ${TOTAL}) for End and → there, with no error`, async () => {
    openOn(LAST.path);
    expect(counter()).toBe(`${TOTAL} / ${TOTAL}`);
    for (const key of ['End', 'ArrowRight', 'PageDown']) {
      await press(key);
      expect(thrown.join('; '), `${key} on the last page threw in the presenter window`).toBe('');
      expect(counter(), `${key} on the last page`).toBe(`${TOTAL} / ${TOTAL}`);
      expect(now()).toBe(LAST.label);
    }
    expect(screen.getByTestId('presenter-next').textContent).toBe('end of the deck');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('goes to the last page with End from the first, and back to the first with Home', async () => {
    openOn(FIRST.path);
    await press('End');
    expect(thrown.join('; '), 'End from the first page threw').toBe('');
    expect(counter()).toBe(`${TOTAL} / ${TOTAL}`);
    await press('Home');
    expect(counter()).toBe(`1 / ${TOTAL}`);
    expect(now()).toBe(FIRST.label);
  });

  it(`stays on the first page (1 / ${TOTAL}) for Home and ← there, with no error`, async () => {
    openOn(FIRST.path);
    for (const key of ['Home', 'ArrowLeft', 'PageUp']) {
      await press(key);
      expect(thrown.join('; '), `${key} on the first page threw`).toBe('');
      expect(counter(), `${key} on the first page`).toBe(`1 / ${TOTAL}`);
    }
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await press('ArrowRight');
    expect(counter()).toBe(`2 / ${TOTAL}`);
    expect(screen.getByTestId('presenter-next').textContent).toBe(deckSlides[2]!.label);
  });
});
