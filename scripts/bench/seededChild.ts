import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Starts a bench child (scripts/bench/*Child.ts: a platform it seeds, in its own node process so the
 * server does not share an event loop with the browser driver that measures it) and waits for the
 * one JSON line it prints when ready. `stop` ends it (SIGTERM, then SIGKILL after 5 s).
 */
export async function startSeededChild<T>(script: string, env: Record<string, string>, timeoutMs = 120_000): Promise<T & { stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    const seeded = await new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the seeded platform did not start within ${timeoutMs / 1000} s\n${stderr}`)), timeoutMs);
      createInterface({ input: child.stdout }).once('line', (line) => {
        clearTimeout(timer);
        try {
          resolve(JSON.parse(line) as T);
        } catch {
          reject(new Error(`unexpected platform output: ${line}\n${stderr}`));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the seeded platform exited with ${code}\n${stderr}`));
      });
    });
    return { ...seeded, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
