import { resolve } from 'node:path';

// Whether the deck-wide PDF of a built folder is being exported right now, in the background of
// `npm start`: the PDF's status says so, and the deck asks again until it is there, then offers it.

const running = new Map<string, Promise<unknown>>();

/** Records that `work` exports the PDF of `staticDir`, until it settles. */
export function exportingInBackground(staticDir: string, work: Promise<unknown>): void {
  const key = resolve(staticDir);
  running.set(key, work);
  const done = () => {
    if (running.get(key) === work) running.delete(key);
  };
  work.then(done, done);
}

/** Whether the PDF of `staticDir` is being exported now. */
export function isExporting(staticDir: string): boolean {
  return running.has(resolve(staticDir));
}
