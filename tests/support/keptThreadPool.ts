import { Worker } from 'node:worker_threads';
import type { Plugin } from 'vite';
import type { PoolOptions, PoolRunnerInitializer, PoolWorker, WorkerRequest } from 'vitest/node';

/**
 * A Vitest pool whose thread outlives a run: the next run of the same project gets it back, with every
 * module it loaded still loaded and V8's compiled code still warm. Stryker's Vitest runner starts one
 * run per mutant, and Vitest ends a run's threads with it, so a fresh thread paid for loading the
 * content compiler and running it cold (1-3 s) before each mutant's first test. Used by the pure
 * project of `npm run mutate` only (vitest.mutate.config.ts), where a mutant is switched on at run
 * time and the test files already share their modules (`isolate: false`).
 *
 * A thread is kept only after a clean stop (its `stopped` answer seen) while its heap is under
 * KEEP_BELOW_BYTES; a forced stop, a crash or a full heap ends it, and the next run starts a new one.
 */
const keptThreads: PoolRunnerInitializer = {
  name: 'kept-threads',
  createPoolWorker: (options) => new KeptThreadWorker(options),
};

/**
 * The project this plugin is given to runs in kept threads, whatever pool the command line names:
 * Stryker's Vitest runner asks for `pool: 'threads'`, which would otherwise win over the project's own.
 */
export function keptThreadsPlugin(): Plugin {
  return {
    name: 'kept-threads',
    configureVitest({ project }) {
      project.config.pool = keptThreads.name;
      project.config.poolRunner = keptThreads;
    },
  };
}

const ENTRY = new URL('./keptWorker.mjs', import.meta.url);
const KEEP_BELOW_BYTES = 1024 ** 3;

/** Each project's thread while no run holds it. */
const idle = new Map<string, Worker>();
/** Each project's line of runs: settles when the last run in it has let the thread go. */
const turns = new Map<string, Promise<void>>();

class KeptThreadWorker implements PoolWorker {
  readonly name = keptThreads.name;
  readonly reportMemory = true;
  private held?: Worker;
  private release = () => {};
  private readonly listeners: Array<[string, (arg: unknown) => void]> = [];
  private stopAnswered = false;
  private heapUsed = 0;

  constructor(private readonly options: PoolOptions) {}

  private get key(): string {
    return this.options.project.name;
  }

  private get thread(): Worker {
    if (!this.held) throw new Error('kept-threads: the thread was used before start() or after stop()');
    return this.held;
  }

  async start(): Promise<void> {
    // One run holds a project's thread at a time: a second waits in line, queued before any await.
    const before = turns.get(this.key);
    const turn = new Promise<void>((resolve) => {
      this.release = resolve;
    });
    turns.set(this.key, before ? before.then(() => turn) : turn);
    await before;
    const thread = idle.get(this.key) ?? this.newThread();
    idle.delete(this.key);
    this.held = thread;
    thread.ref();
    this.on('message', (message) => this.watch(message));
  }

  private newThread(): Worker {
    // The thread writes to this process's own stdout and stderr: streams piped from it, as Vitest's
    // threads have, would keep the process open after its last run.
    const thread = new Worker(ENTRY, { env: this.options.env, execArgv: this.options.execArgv });
    const key = this.key;
    thread.once('exit', () => {
      if (idle.get(key) === thread) idle.delete(key);
    });
    return thread;
  }

  private watch(message: unknown): void {
    if (!message || typeof message !== 'object' || !('type' in message)) return;
    const { type, usedMemory } = message as { type: unknown; usedMemory?: unknown };
    if (type === 'stopped') this.stopAnswered = true;
    if (type === 'testfileFinished' && typeof usedMemory === 'number') this.heapUsed = usedMemory;
  }

  send(message: WorkerRequest): void {
    this.thread.postMessage(message);
  }

  on(event: string, callback: (arg: unknown) => void): void {
    this.listeners.push([event, callback]);
    this.thread.on(event, callback);
  }

  off(event: string, callback: (arg: unknown) => void): void {
    const at = this.listeners.findIndex(([e, c]) => e === event && c === callback);
    if (at !== -1) this.listeners.splice(at, 1);
    this.thread.off(event, callback);
  }

  deserialize(data: unknown): unknown {
    return data;
  }

  async stop(): Promise<void> {
    const thread = this.held;
    if (!thread) return this.release();
    for (const [event, callback] of this.listeners.splice(0)) thread.off(event, callback);
    this.held = undefined;
    if (this.stopAnswered && this.heapUsed < KEEP_BELOW_BYTES) {
      // A kept thread waits for the next run without holding the process open.
      thread.unref();
      idle.set(this.key, thread);
    } else {
      await thread.terminate();
    }
    this.release();
  }
}
