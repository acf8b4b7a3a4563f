/** True when the deck runs inside a frame (the platform's editor, a partner's portal). */
export function isFramed(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // A cross-origin parent hides `top`: that is a frame too.
    return true;
  }
}

/** Posts to the parent window with a wildcard target, only when framed. */
export function postToParent(message: Record<string, unknown>, win: Window = window): void {
  if (isFramed(win)) win.parent.postMessage(message, '*');
}
