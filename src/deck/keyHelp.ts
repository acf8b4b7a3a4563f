import { type DeckAction, KEYMAP } from './keymap.ts';

// The keymap in words, for the key help dialog and the guides' keyboard tables (a test keeps them
// the same). Apart from keymap.ts so that no first visit carries the words.

/** What each shortcut does, as the key help and the guides say it. */
export const KEY_DESCRIPTIONS: Readonly<Record<DeckAction, string>> = {
  previous: 'Previous page',
  next: 'Next page',
  first: 'First page',
  last: 'Last page',
  'page-down': 'Scroll down; at the end of the page, next page',
  'page-up': 'Scroll up; at the top of the page, previous page',
  overview: 'Overview of all pages',
  goto: 'Go to a page by number or name',
  help: 'Keyboard shortcuts',
  present: 'Present mode (full screen)',
  'leave-present': 'Leave present mode',
  presenter: 'Presenter view (admins)',
  question: 'Ask a question about this page',
};

const KEY_LABELS: Record<string, string> = { ArrowLeft: '←', ArrowRight: '→', ' ': 'Space', 'Shift+ ': 'Shift+Space', Escape: 'Esc' };

/** How a keymap key is written for people (the guides' tables and the key help): `→`, `Space`, `O`. */
export function keyLabel(key: string): string {
  return KEY_LABELS[key] ?? (key.length === 1 ? key.toUpperCase() : key);
}

/** The keymap's rows in words: the keys as people write them, and what they do. */
export function keyHelpRows(): Array<[keys: string[], description: string, action: DeckAction]> {
  return KEYMAP.map((entry) => [entry.keys.map(keyLabel), KEY_DESCRIPTIONS[entry.action], entry.action]);
}
