import { actionForKey, type DeckAction } from './keymap.ts';

/**
 * Calls `onAction` for each deck shortcut pressed; returns the function that stops listening. The
 * key's default is prevented unless `onAction` returns false (the key was not for it after all).
 */
export function listenForKeys(onAction: (action: DeckAction) => boolean | void, target: Window = window): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    const action = actionForKey(event);
    if (!action) return;
    if (onAction(action) !== false) event.preventDefault();
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
