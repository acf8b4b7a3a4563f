import { actionForKey, type DeckAction } from './keymap.ts';

/** Calls `onAction` for each deck shortcut pressed; returns the function that stops listening. */
export function listenForKeys(onAction: (action: DeckAction) => void, target: Window = window): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    const action = actionForKey(event);
    if (!action) return;
    event.preventDefault();
    onAction(action);
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
