import type { Log } from '../core/context.ts';
import { mailWaitingNews, type NewsMailContext } from './newsMail.ts';
import { tellFinishedVisits, tellFirstOpens, type VisitNewsContext } from './visitNews.ts';
import { deliverDue } from './webhookDelivery.ts';

// The owners' news runs as a sweep on a timer, like the notice digests: everything it decides is
// in the database (who was told what, when each owner was last mailed), so a restart, or another
// process on the same Postgres, carries on where it stopped, and nothing is told twice.

/** What a sweep reads. */
export interface NewsSweepContext extends VisitNewsContext, NewsMailContext {
  log: Log;
}

/** One sweep: first opens and finished visits become news, each owner whose hour has room gets theirs, and due webhook deliveries go out. */
export async function sweepNews(ctx: NewsSweepContext, now: number): Promise<void> {
  await tellFirstOpens(ctx, now);
  await tellFinishedVisits(ctx, now);
  await mailWaitingNews(ctx, now);
  await deliverDue(ctx.db, now);
}

/** The running sweeps. */
export interface NewsSweeps {
  /** Runs a sweep soon (news just arrived), unless one is running; it then runs once more after it. */
  soon(): void;
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
}

/** Sweeps now and every `everyMs` by the clock `now`, one sweep at a time. */
export function startNewsSweeps(ctx: NewsSweepContext, everyMs: number, now: () => number): NewsSweeps {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = sweepNews(ctx, now())
      .catch((error: unknown) => ctx.log(`[news] sweep: ${error instanceof Error ? error.message : error}`))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return {
    soon: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
