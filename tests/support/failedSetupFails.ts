import type { RunnerTask } from 'vitest';
import type { Reporter, Vitest } from 'vitest/node';

const tasksIn = (task: RunnerTask): RunnerTask[] => ('tasks' in task ? task.tasks.flatMap((inner) => [inner, ...tasksIn(inner)]) : []);

/**
 * Marks every suite and test of a file whose own set-up failed (a top-level `beforeAll` that threw)
 * as failed with that error. Vitest skips such tests, and Stryker's Vitest runner counts a skipped
 * test as failed only when a suite around it failed, never the file: a mutant that breaks a
 * platform's start (so no test can run) would be reported as surviving. Used by `npm run mutate`
 * (vitest.mutate.config.ts) only.
 */
export default class FailedSetupFails implements Reporter {
  private vitest?: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(): void {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      const errors = file.result?.state === 'fail' ? file.result.errors : undefined;
      if (!errors?.length) continue;
      for (const task of tasksIn(file)) {
        if (task.result?.state !== 'fail') task.result = { ...task.result, state: 'fail', errors };
      }
    }
  }
}
