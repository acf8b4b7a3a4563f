/** What a shortcut does. */
export type DeckAction = 'previous' | 'next' | 'first' | 'last' | 'presenter';

/** The deck's shortcuts, read in one place; the README's keyboard table is this table. */
export const KEYMAP: ReadonlyArray<{ keys: readonly string[]; action: DeckAction; description: string }> = [
  { keys: ['ArrowLeft', 'PageUp'], action: 'previous', description: 'Previous page' },
  { keys: ['ArrowRight', 'PageDown'], action: 'next', description: 'Next page' },
  { keys: ['Home'], action: 'first', description: 'First page' },
  { keys: ['End'], action: 'last', description: 'Last page' },
  // Admins only: the presenting layer (src/presenting) opens the window; for anyone else P does nothing.
  { keys: ['p'], action: 'presenter', description: 'Presenter view (admins)' },
];

/** The action for a key press, or null when it is not ours (modifiers, or the user is typing). */
export function actionForKey(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'target'>): DeckAction | null {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (isTypingTarget(event.target)) return null;
  // A modal dialog (account, consultation request) keeps its keys: the page behind it must not move.
  if (typeof (event.target as Element | null)?.closest === 'function' && (event.target as Element).closest('dialog[open]')) return null;
  return KEYMAP.find((entry) => entry.keys.includes(event.key))?.action ?? null;
}

/** Text inputs, textareas, selects and contenteditable elements keep their keys (spec section 2). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable || element.closest('[contenteditable=""], [contenteditable="true"]')) return true;
  if (element.tagName === 'TEXTAREA' || element.tagName === 'SELECT') return true;
  if (element.tagName !== 'INPUT') return false;
  const type = (element as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'image', 'color', 'file'].includes(type);
}
