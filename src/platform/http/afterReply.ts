import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';

/**
 * Work done after the reply has gone out (looking the address up, codes, mail), one job at a time
 * in arrival order. The replies of register, resend-otp and reset-password-request then take the
 * same time whether or not the address has an account. A failing job is
 * logged and the next one runs.
 */
export class AfterReplyQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(private readonly log: (line: string) => void) {}

  /** Queues a job that starts once `c`'s reply has been handed to the socket; `name` goes into the log line if it fails. */
  add(c: Context, name: string, job: () => Promise<void>): void {
    const sent = replySent(c);
    this.pending++;
    this.tail = this.tail
      .then(() => sent)
      .then(job)
      .catch((error: unknown) => this.log(`[platform] ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`))
      .finally(() => this.pending--);
  }

  /** Resolves once every job queued so far has finished. */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }
}

// PGlite runs its queries on this thread: a job started before the reply is written would delay
// it, and the reply would again take longer for a known address.
function replySent(c: Context): Promise<void> {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing || outgoing.writableFinished || outgoing.destroyed) return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    outgoing.once('finish', () => resolve());
    outgoing.once('close', () => resolve());
  });
}
