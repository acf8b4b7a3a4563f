import { inject, vi } from 'vitest';
import { scaled } from './slowness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A project's test and hook timeouts and expect.poll's deadline on a quiet machine (vite.config.ts deadlines()). */
    quietDeadlines: { testMs: number; hookMs: number; pollMs: number };
  }
}

// Every test file starts here (vite.config.ts): its project's deadlines, set for a quiet machine, grown
// for how busy the machine is as the file starts.
const quiet = inject('quietDeadlines');
if (!quiet) throw new Error('quietDeadlines: each test project that runs this file provides them (vite.config.ts deadlines())');
vi.setConfig({ testTimeout: scaled(quiet.testMs), hookTimeout: scaled(quiet.hookMs), expect: { poll: { timeout: scaled(quiet.pollMs) } } });
