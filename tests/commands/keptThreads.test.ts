import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVitest, type Vitest } from 'vitest/node';
import { keptThreadsPlugin } from '../support/keptThreadPool.ts';

// The pool `npm run mutate` gives its pure tests: one run per mutant, each in the thread the last one left.
const PROBE = 'tests/support/keptThreadProbe.ts';

interface Report {
  state?: string;
  threadId?: number;
  run?: number;
  loads?: number;
}

describe('kept threads', () => {
  let vitest: Vitest;

  beforeAll(async () => {
    // As Stryker's Vitest runner starts it: `pool: 'threads'` from the caller, one worker, stop at a failure.
    vitest = await createVitest(
      'test',
      { config: false, include: [PROBE], pool: 'threads', isolate: false, maxWorkers: 1, watch: false, reporters: [{}], bail: 1 },
      { plugins: [keptThreadsPlugin()] },
    );
  });
  afterAll(() => vitest?.close());

  /** Runs the probe's tests named by `pattern` and returns what the first reported. */
  async function run(pattern: RegExp): Promise<Report> {
    vitest.state.filesMap.clear();
    for (const project of vitest.projects) project.config.testNamePattern = pattern;
    await vitest.start([PROBE]);
    const test = vitest.state.getFiles()[0]?.tasks.find((task) => task.mode === 'run');
    return { state: test?.result?.state, ...(test?.meta as Report) };
  }

  it('wins over the caller’s pool', () => {
    expect(vitest.projects.map((project) => project.config.pool)).toEqual(['kept-threads']);
  });

  it('gives each run the thread the last one left, with its modules loaded', async () => {
    const first = await run(/reports its thread/);
    expect(first).toMatchObject({ state: 'pass', run: 1, loads: 1 });
    expect(first.threadId).not.toBe(threadId);
    const second = await run(/reports its thread/);
    // The test file is read again; the module it imports is not.
    expect(second).toEqual({ ...first, run: 2 });
  });

  it('keeps the thread after a run with a failing test', async () => {
    const before = await run(/reports its thread/);
    expect((await run(/fails/)).state).toBe('fail');
    const after = await run(/reports its thread/);
    expect(after).toEqual({ ...before, run: before.run! + 2 });
  });
});
