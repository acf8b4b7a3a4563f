import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A free loopback port, so parallel runs and a developer's own servers never collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Waits until an HTTP server answers on the URL. */
export async function waitForHttp(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * `vite preview` of dist/ on loopback, started as node (not npx) so stopping it stops the server
 * (killing an npx wrapper leaves its child running).
 */
export async function startPreview(port?: number): Promise<{ url: string; process: ChildProcess; stop(): void }> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(chosen), '--strictPort'], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${chosen}`;
  await waitForHttp(url);
  return { url, process: child, stop: () => child.kill('SIGTERM') };
}
