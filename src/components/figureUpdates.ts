import { useSyncExternalStore } from 'react';

// The figures on the page shown that changed since the viewer's last visit: figure id →
// its old text. Filled by the "what changed" chunk (src/app/versions), which loads only for a
// returning viewer with something to show; until then this is an empty object and no element.

let marks: Readonly<Record<string, string>> = {};
const listeners = new Set<() => void>();

/** Marks these figures on the page shown (an empty object clears them). */
export function setFigureUpdates(next: Readonly<Record<string, string>>): void {
  marks = next;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));

/** The old text of figure `id` when it changed since the viewer's last visit, else undefined. */
export const useFigureUpdate = (id: string): string | undefined =>
  useSyncExternalStore(
    subscribe,
    () => marks[id],
    () => undefined,
  );
