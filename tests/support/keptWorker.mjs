// The thread behind keptThreadPool.ts: Vitest's own thread worker, except that a run's end leaves the
// thread listening. Vitest's worker drops every message listener when told to stop; here only the
// listeners added since the run started (its RPC channel) go, so the next run's `start` is heard by
// the same thread, with the modules it has loaded and the code V8 has compiled.
// Plain JavaScript: a worker thread is loaded by Node itself, which reads no TypeScript here.
import { parentPort } from 'node:worker_threads';
import { init, runBaseTests, setupEnvironment } from 'vitest/worker';

if (!parentPort) throw new Error('keptWorker.mjs runs as a worker thread (tests/support/keptThreadPool.ts starts it)');
const port = parentPort;

/** Vitest's own message handler: added first, kept for the thread's life. */
let handler;
/** What a run added after it (its RPC channel), dropped when the run stops. */
const runListeners = new Set();

init({
  post: (response) => port.postMessage(response),
  on: (callback) => {
    if (handler) runListeners.add(callback);
    else handler = callback;
    port.on('message', callback);
  },
  off: (callback) => {
    runListeners.delete(callback);
    port.off('message', callback);
  },
  teardown: () => {
    for (const callback of runListeners) port.off('message', callback);
    runListeners.clear();
  },
  runTests: (state, traces) => runBaseTests('run', state, traces),
  collectTests: (state, traces) => runBaseTests('collect', state, traces),
  setup: setupEnvironment,
});
