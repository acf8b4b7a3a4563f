import { postToParent } from './frameMessages.ts';

/** The message a parent window receives for an uncaught error or unhandled rejection. */
export interface ForwardedError {
  type: 'app_error';
  error: { message: string; name: string; status?: number; stack?: string };
}

/** Describes anything thrown; platform errors carry an HTTP `status`. */
export function describeError(reason: unknown): ForwardedError['error'] {
  const error = reason instanceof Error ? reason : new Error(typeof reason === 'string' ? reason : JSON.stringify(reason));
  const status = (reason as { status?: unknown } | null)?.status;
  return {
    message: error.message,
    name: error.name,
    ...(typeof status === 'number' && { status }),
    ...(error.stack && { stack: error.stack }),
  };
}

/**
 * Uncaught errors and unhandled rejections go to the parent window, except those with
 * status 402 (the platform's own billing notices). Returns the function that stops forwarding.
 */
export function forwardErrorsToParent(win: Window = window): () => void {
  const forward = (reason: unknown) => {
    const error = describeError(reason);
    if (error.status === 402) return;
    postToParent({ type: 'app_error', error } satisfies ForwardedError, win);
  };
  const onError = (event: ErrorEvent) => forward(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => forward(event.reason);
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
