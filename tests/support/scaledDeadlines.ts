import { vi } from 'vitest';
import { scaled } from './slowness.ts';

// Every test file starts here (vite.config.ts): its project's test and hook timeouts, set for a quiet
// machine (TEST_TIMEOUT_MS, HOOK_TIMEOUT_MS), grown for how busy the machine is as the file starts.
const testMs = Number(process.env.TEST_TIMEOUT_MS);
const hookMs = Number(process.env.HOOK_TIMEOUT_MS);
if (!testMs || !hookMs) throw new Error('TEST_TIMEOUT_MS and HOOK_TIMEOUT_MS: each test project sets both (vite.config.ts deadlines())');
vi.setConfig({ testTimeout: scaled(testMs), hookTimeout: scaled(hookMs) });
