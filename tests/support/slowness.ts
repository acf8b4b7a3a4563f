import { availableParallelism, loadavg } from 'node:os';

// The deadlines of the tests (vitest's test and hook timeouts, every wait of `eventually`) were set for
// a full run on a quiet machine: three test workers on two cores, about 1.5 runnable processes per
// core. A machine busy with other work gives each of them less, so each deadline grows by how much
// busier the machine is now than that, measured from the load average (the processes waiting for a
// core over the last minute), never shrinking below the time it was set for. A deadline is only the
// point at which a stuck test is given up; what a test waits for is always an event or a condition.

/** Runnable processes per core that the deadlines were set for. */
const SET_FOR_LOAD_PER_CORE = 1.5;
/** However busy the machine, a deadline grows at most this many times. */
const MAX_FACTOR = 20;

/** How many times slower than the deadlines were set for the machine runs now (or at `load` on `cores`): 1 or more. */
export function slowness(load = loadavg()[0]!, cores = availableParallelism()): number {
  const perCore = load / cores;
  return Math.min(MAX_FACTOR, Math.max(1, perCore / SET_FOR_LOAD_PER_CORE));
}

/** `ms`, a deadline set for a quiet machine, grown for how busy this one is now. */
export function scaled(ms: number): number {
  return Math.round(ms * slowness());
}
