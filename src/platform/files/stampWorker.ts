import { parentPort } from 'node:worker_threads';
import { loadSourcePdf, stampPdf } from './pdfStamp.ts';

// The stamping thread (stampThread.ts starts it): parses each export once and stamps copies of it,
// so pdf-lib's seconds of parsing and saving never hold the server's event loop.

/** What the server asks: `file` stamped with `text`, or only parsed (null: ahead of the first download). */
export interface StampJob {
  id: number;
  file: string;
  text: string | null;
}

/** What the thread answers: the stamped bytes (empty for a parse), or that there is no file, or why it could not be read. */
export type StampOutcome = { id: number; bytes: Uint8Array } | { id: number; missing: true } | { id: number; error: string };

const port = parentPort;
if (port) {
  port.on('message', (job: StampJob) => {
    void (async (): Promise<StampOutcome> => {
      try {
        const source = await loadSourcePdf(job.file);
        if (!source) return { id: job.id, missing: true };
        return { id: job.id, bytes: job.text === null ? new Uint8Array(0) : await stampPdf(source, job.text) };
      } catch (error) {
        return { id: job.id, error: error instanceof Error ? error.message : String(error) };
      }
    })().then((outcome) => port.postMessage(outcome, 'bytes' in outcome ? [outcome.bytes.buffer as ArrayBuffer] : []));
  });
}
