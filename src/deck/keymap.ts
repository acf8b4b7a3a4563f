/** What a shortcut does. */
export type DeckAction =
  | 'previous'
  | 'next'
  | 'first'
  | 'last'
  | 'page-down'
  | 'page-up'
  | 'overview'
  | 'goto'
  | 'help'
  | 'present'
  | 'leave-present'
  | 'presenter'
  | 'question';

/** The actions that move straight to another page. */
export type MoveAction = Extract<DeckAction, 'previous' | 'next' | 'first' | 'last'>;

/** One row of the keymap: the keys (by KeyboardEvent.key, `Shift+` for shifted non-printing keys) and what they do. */
export interface KeymapEntry {
  keys: readonly string[];
  action: DeckAction;
}

/**
 * The deck's shortcuts, read in one place. What each does, in words, is in keyHelp.ts, which only the key
 * help and the guides need: the words stay out of a first visit.
 */
export const KEYMAP: readonly KeymapEntry[] = [
  { keys: ['ArrowLeft', 'PageUp'], action: 'previous' },
  { keys: ['ArrowRight', 'PageDown'], action: 'next' },
  { keys: ['Home'], action: 'first' },
  { keys: ['End'], action: 'last' },
  { keys: [' '], action: 'page-down' },
  { keys: ['Shift+ '], action: 'page-up' },
  { keys: ['o'], action: 'overview' },
  { keys: ['g'], action: 'goto' },
  { keys: ['?'], action: 'help' },
  { keys: ['f'], action: 'present' },
  { keys: ['Escape'], action: 'leave-present' },
  // Admins only: the presenting layer (src/presenting) opens the window; for anyone else P does nothing.
  { keys: ['p'], action: 'presenter' },
  // Signed-in viewers on the platform: their questions layer (src/questions) opens the form.
  { keys: ['q'], action: 'question' },
];

/**
 * The keymap's name for a key press: a printed character as itself, lower-cased (Shift is part of
 * typing `?` or `O`), any other key with `Shift+` when Shift is held. Null with Alt, Ctrl or Meta.
 */
export function keyName(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): string | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.key.length === 1 && event.key !== ' ') return event.key.toLowerCase();
  return event.shiftKey ? `Shift+${event.key}` : event.key;
}

/** The action for a key press, or null when it is not ours (modifiers, or the user is typing). */
export function actionForKey(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'target'>): DeckAction | null {
  const name = keyName(event);
  if (name === null) return null;
  if (isTypingTarget(event.target)) return null;
  // A modal dialog (account, consultation request, overview) keeps its keys: the page behind it must not move.
  if (typeof (event.target as Element | null)?.closest === 'function' && (event.target as Element).closest('dialog[open]')) return null;
  // Space on a button, link or checkbox presses it: it is not a page turn there.
  if ((name === ' ' || name === 'Shift+ ') && isPressable(event.target)) return null;
  return KEYMAP.find((entry) => entry.keys.includes(name))?.action ?? null;
}

/** Text inputs, textareas, selects and contenteditable elements keep their keys. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable || element.closest('[contenteditable=""], [contenteditable="true"]')) return true;
  if (element.tagName === 'TEXTAREA' || element.tagName === 'SELECT') return true;
  if (element.tagName !== 'INPUT') return false;
  const type = (element as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'image', 'color', 'file'].includes(type);
}

function isPressable(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  return (target as Element).closest('button, a[href], input, summary, [role="button"], [role="link"], [role="checkbox"], [role="switch"]') !== null;
}
