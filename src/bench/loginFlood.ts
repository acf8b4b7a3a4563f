import { HttpClient } from './httpClient.ts';
import { createUser, startPlatformChild } from './loadRun.ts';

/** Figures of the login flood (issue 9, finding 5): one genuine sign-in alone and during a one-client flood. */
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

/**
 * The local platform in its own process; each round signs the genuine user in alone, then again
 * while `floodSize` wrong sign-ins from one other address are in flight. Each round's flood comes
 * from a fresh address, so an earlier round's back-off does not make the flood cheaper.
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
      const attacker = `127.0.9.${round + 1}`;
      const flood = Promise.all(
        Array.from({ length: options.floodSize }, (_, i) =>
          client.send('POST', loginPath, {
            json: { email: i % 2 ? email : `victim${i}@bench.local`, password: `wrong-guess-${round}-${i}` },
            localAddress: attacker,
          }),
        ),
      );
      await genuine(figures.underFloodMs);
      for (const reply of await flood) figures.floodStatuses[reply.status] = (figures.floodStatuses[reply.status] ?? 0) + 1;
    }
    return figures;
  } finally {
    client.close();
    await platform.stop();
  }
}
