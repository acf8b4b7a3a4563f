import { scaled } from './slowness.ts';

/** How long `eventually` polls on a quiet machine, and what it waits for (named in the failure). */
export interface WaitOptions {
  timeoutMs?: number;
  what?: string;
}

/**
 * The tests' one polling helper: calls `check` (sync or async) until it neither throws nor returns
 * false, and returns its value; past the deadline (3 s unless given, grown for a busy machine:
 * slowness.ts) it fails with `what` and the last error, so a test waits on a condition, never on a
 * guessed sleep. It checks again after 10 ms,
 * then twice as long each time up to 100 ms: a check is often a round trip to chromium or the
 * platform, and a long wait on a busy machine made hundreds of them at a fixed 10 ms.
 */
export async function eventually<T>(check: () => T | Promise<T>, options: number | WaitOptions = {}): Promise<T> {
  const { timeoutMs: quietMs = 3000, what = 'condition' } = typeof options === 'number' ? { timeoutMs: options } : options;
  const timeoutMs = scaled(quietMs);
  const deadline = Date.now() + timeoutMs;
  for (let pause = 10; ; pause = Math.min(pause * 2, 100)) {
    let failure: unknown;
    try {
      const value = await check();
      if (value !== false) return value;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) {
      const reason = failure instanceof Error ? `: ${failure.message}` : ' (still false)';
      throw new Error(`${what} not met within ${timeoutMs} ms${reason}`, { cause: failure });
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
