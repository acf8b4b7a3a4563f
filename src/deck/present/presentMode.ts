import { useSyncExternalStore } from 'react';
import { PRESENT_MODE_PARAM, PRESENT_MODE_VALUE } from '../../../schemas/presentingPaths.ts';

/** The class on <html> while the deck presents; the present-mode styles all hang from it. */
export const PRESENT_CLASS = 'present-mode';

const listeners = new Set<() => void>();
let presenting = false;

/** True when the address asks for present mode (`?mode=present`). */
export function asksForPresentMode(search: string): boolean {
  return new URLSearchParams(search).get(PRESENT_MODE_PARAM) === PRESENT_MODE_VALUE;
}

/** Whether the deck presents now. */
export function isPresenting(): boolean {
  return presenting;
}

/**
 * Enters or leaves present mode (the root's class). Leaving drops `?mode=present` from the address,
 * so the next reload does not present again.
 */
export function setPresenting(on: boolean, doc: Document = document): void {
  if (on === presenting) return;
  presenting = on;
  doc.documentElement.classList.toggle(PRESENT_CLASS, on);
  const url = new URL(doc.location.href);
  if (!on && url.searchParams.has(PRESENT_MODE_PARAM)) {
    url.searchParams.delete(PRESENT_MODE_PARAM);
    history.replaceState(history.state, '', url);
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The present-mode flag as React state. */
export function usePresentMode(): boolean {
  return useSyncExternalStore(subscribe, isPresenting, () => false);
}

/**
 * Present mode from a key or a click: full screen too where the browser allows it (it must be asked
 * within the gesture, so here and not in the lazily loaded part).
 */
export function enterPresentMode(doc: Document = document): void {
  setPresenting(true, doc);
  if (doc.fullscreenEnabled && !doc.fullscreenElement) void doc.documentElement.requestFullscreen?.().catch(() => undefined);
}

/** Back to the reading view, out of full screen. */
export function leavePresentMode(doc: Document = document): void {
  setPresenting(false, doc);
  if (doc.fullscreenElement) void doc.exitFullscreen().catch(() => undefined);
}
