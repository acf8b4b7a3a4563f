/**
 * Calls `run` on every uncaught error and rejection of the page, and on any element that fails to
 * load (a slide chunk, a preload): after a revocation these are how content requests fail, since the
 * platform answers a dead token's chunk request with 404. Returns the function that stops listening.
 */
export function onPageError(run: () => void, target: Window = window): () => void {
  // Capture: a failing <script> or <link> fires `error` on the element, and it does not bubble.
  target.addEventListener('error', run, true);
  target.addEventListener('unhandledrejection', run);
  return () => {
    target.removeEventListener('error', run, true);
    target.removeEventListener('unhandledrejection', run);
  };
}
