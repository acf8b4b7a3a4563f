import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { HttpClient } from './httpClient.ts';
import { createUser, startPlatformChild } from './loadRun.ts';

/** Figures of the login flood: one genuine sign-in alone and during a one-client flood. */
export interface LoginFloodFigures {
  /** Parallel wrong sign-ins per round, all from one client address. */
  floodSize: number;
  /** The genuine sign-in's time with nothing else running, per round (ms). */
  aloneMs: number[];
  /** The genuine sign-in's time while the flood runs, per round (ms). */
  underFloodMs: number[];
  /** Genuine sign-ins that did not answer 200 (alone or under the flood). */
  genuineFailures: number;
  /** How the flood's requests were answered, by status, over all rounds. */
  floodStatuses: Record<string, number>;
}

const GENUINE = '127.0.0.3';

/** Starts scripts/bench/floodChild.ts; resolves `sent` once its requests are on their way, `done` with their statuses. */
function startFlood(env: Record<string, string>): { sent: Promise<void>; done: Promise<Record<string, number>> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/floodChild.ts'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  let sent!: () => void;
  const sentPromise = new Promise<void>((resolve) => (sent = resolve));
  const done = new Promise<Record<string, number>>((resolve, reject) => {
    lines.on('line', (line) => {
      const message = JSON.parse(line) as { sent?: boolean; statuses?: Record<string, number> };
      if (message.sent) sent();
      if (message.statuses) resolve(message.statuses);
    });
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`flood exited with ${code}: ${stderr}`))));
  });
  done.catch(() => sent());
  return { sent: sentPromise, done };
}

/**
 * The local platform in its own process; each round signs the genuine user in alone, then again
 * while `floodSize` wrong sign-ins from one other address (another process) are in flight. Each
 * round's flood comes from a fresh address, so an earlier round's back-off does not make it cheaper.
 */
export async function loginFlood(options: { staticDir: string; rounds: number; floodSize: number }): Promise<LoginFloodFigures> {
  const platform = await startPlatformChild(options.staticDir);
  const client = new HttpClient(platform.url, options.floodSize + 8, 60_000);
  const figures: LoginFloodFigures = { floodSize: options.floodSize, aloneMs: [], underFloodMs: [], genuineFailures: 0, floodStatuses: {} };
  try {
    const email = 'genuine@bench.local';
    const password = 'genuine-bench-password-1';
    await createUser(client, platform, email, password, GENUINE);
    const loginPath = `/api/apps/${platform.appId}/auth/login`;
    const genuine = async (into: number[]) => {
      const started = performance.now();
      const reply = await client.send('POST', loginPath, { json: { email, password }, localAddress: GENUINE });
      into.push(performance.now() - started);
      if (reply.status !== 200) figures.genuineFailures++;
    };
    for (let round = 0; round < options.rounds; round++) {
      await genuine(figures.aloneMs);
      const flood = startFlood({
        FLOOD_URL: platform.url,
        FLOOD_PATH: loginPath,
        FLOOD_COUNT: String(options.floodSize),
        FLOOD_ADDRESS: `127.0.9.${round + 1}`,
        FLOOD_EMAIL: email,
      });
      await flood.sent;
      await genuine(figures.underFloodMs);
      for (const [status, count] of Object.entries(await flood.done)) figures.floodStatuses[status] = (figures.floodStatuses[status] ?? 0) + count;
    }
    return figures;
  } finally {
    client.close();
    await platform.stop();
  }
}
