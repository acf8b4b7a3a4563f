import { threadId } from 'node:worker_threads';
import { expect, it } from 'vitest';
import { loads } from './keptThreadProbeLoads.ts';

// Run by tests/commands/keptThreads.test.ts in a Vitest of its own: each test reports the thread it ran
// in, how many runs that thread has seen, and how many times the module above was loaded there.
const runs = globalThis as { keptThreadProbeRuns?: number };
const run = (runs.keptThreadProbeRuns = (runs.keptThreadProbeRuns ?? 0) + 1);

it('reports its thread', ({ task }) => {
  Object.assign(task.meta, { threadId, run, loads });
});

it('fails', () => {
  expect('a failing test').toBe('a passing one');
});
