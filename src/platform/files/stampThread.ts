import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { StampJob, StampOutcome } from './stampWorker.ts';

// One thread stamps every PDF download (stampWorker.ts): a download's parse and save take hundreds of
// milliseconds of CPU, which on the event loop held every other request of the process (a flood of
// four parallel downloads took /healthz from 10 ms to 1.5 s). Stamps run there one at a time.

/** Why a stamp could not be made: the file is gone, or it could not be read as a PDF. */
export class StampError extends Error {
  constructor(
    readonly reason: 'missing' | 'unreadable',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The thread: in the server bundle, the entry built beside platform.mjs (serverBundle.ts), found from
 * here or from the chunks folder below it; from the sources (`npm start`, the tests), the TypeScript
 * module beside this file, loaded after registering tsx's loader in the thread (a thread does not
 * inherit the loader of the process that starts it).
 */
function startThread(): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
    const module = JSON.stringify(new URL('./stampWorker.ts', here).href);
    return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${module}); })`, { eval: true });
  }
  for (const candidate of ['./stampWorker.mjs', '../stampWorker.mjs']) {
    const url = new URL(candidate, here);
    if (existsSync(url)) return new Worker(url);
  }
  throw new Error(`no stampWorker.mjs beside ${here}: build the server bundle again (npm run build)`);
}

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();

function failAll(thread: Worker, error: Error): void {
  if (worker !== thread) return;
  worker = null;
  for (const job of waiting.values()) job.reject(error);
  waiting.clear();
}

function thread(): Worker {
  if (worker) return worker;
  const started = startThread();
  started.on('message', (outcome: StampOutcome) => {
    const job = waiting.get(outcome.id);
    waiting.delete(outcome.id);
    if (waiting.size === 0) started.unref();
    if (!job) return;
    if ('bytes' in outcome) job.resolve(outcome.bytes);
    else if ('missing' in outcome) job.reject(new StampError('missing', 'the file is not there'));
    else job.reject(new StampError('unreadable', outcome.error));
  });
  // A thread that died takes its jobs with it; the next stamp starts a new one.
  started.on('error', (error) => failAll(started, error));
  started.on('exit', (code) => failAll(started, new Error(`the stamping thread exited (${code})`)));
  // Idle, it never keeps the process alive; while a job waits, it does.
  started.unref();
  worker = started;
  return started;
}

/** `file` (a PDF) with `text` stamped on every page (pdfStamp.ts), made off the event loop. */
export function stampInThread(file: string, text: string): Promise<Uint8Array> {
  return ask({ id: nextId++, file, text });
}

function ask(job: StampJob): Promise<Uint8Array> {
  const running = thread();
  return new Promise((resolve, reject) => {
    waiting.set(job.id, { resolve, reject });
    running.ref();
    running.postMessage(job);
  });
}

/** Whether `file` is there and reads as a PDF, parsed in the thread (and kept parsed there for the downloads). */
export async function readsAsPdf(file: string): Promise<boolean> {
  if (!existsSync(file)) return false;
  return ask({ id: nextId++, file, text: null }).then(
    () => true,
    () => false,
  );
}

/** Starts the thread and parses `file` there ahead of the first download, if there is one. */
export function warmStampThread(file: string): void {
  void readsAsPdf(file);
}
