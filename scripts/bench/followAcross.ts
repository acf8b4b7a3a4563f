import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../../schemas/platformWire.ts';
import { FOLLOW_DRIVE_EVENT } from '../../schemas/presentingPaths.ts';
import { person, socketFollower } from './followLatency.ts';
import { HttpClient } from './httpClient.ts';
import { deckPages, type PlatformChild, startPlatforms } from './loadRun.ts';
import { percentile } from './stats.ts';

// Follow-me across processes: two platform processes on one Postgres database, an admin
// driving through the socket of process A, socket followers joined to the follow room half on A and
// half on B. A move's latency is from just before the drive is emitted to each follower's receipt of
// it, all in this one process and clock. A follower on B only hears of a move if the room broadcast
// crosses processes (socket.io's Postgres adapter).

/** Latencies of the followers of one process (ms), and the moves they never received. */
export interface FollowGroup {
  followers: number;
  ms: number[];
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Follower × move pairs with no update within MOVE_WAIT_MS. */
  missed: number;
}

/** The figures of one cross-process follow run. */
export interface FollowAcrossFigures {
  moves: number;
  /** Followers on the driver's own process. */
  sameProcess: FollowGroup;
  /** Followers on the other process. */
  otherProcess: FollowGroup;
  all: FollowGroup;
}

/** How long a move may take to reach every follower before the missing ones count as missed. */
export const MOVE_WAIT_MS = 5_000;

/** Distinct follower accounts; the sockets share them round robin (a person may follow from several devices). */
const ACCOUNTS = 10;

/** Percentiles of `ms`, with `expected` deliveries of which the missing ones are counted as missed. */
export function followGroup(followers: number, ms: readonly number[], expected: number): FollowGroup {
  return {
    followers,
    ms: [...ms],
    p50Ms: percentile(ms, 50),
    p95Ms: percentile(ms, 95),
    maxMs: ms.length > 0 ? Math.max(...ms) : Number.NaN,
    missed: Math.max(0, expected - ms.length),
  };
}

/** The driving admin's socket on `platform`. */
async function driver(platform: PlatformChild, token: string): Promise<Socket> {
  const socket = io(platform.url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    query: { app_id: platform.appId, token },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/**
 * Runs `moves` drives on process A of two platform processes on `databaseUrl`, with `followers`
 * socket followers alternating between A and B, and returns each side's latencies.
 */
export async function followAcross(options: {
  staticDir: string;
  databaseUrl: string;
  followers: number;
  moves: number;
  log: (line: string) => void;
}): Promise<FollowAcrossFigures> {
  const paths = deckPages(options.staticDir);
  if (paths.length < 2) throw new Error(`too few deck pages in ${options.staticDir} to move between`);
  const platforms = await startPlatforms(options.staticDir, 2, options.databaseUrl);
  const [a, b] = platforms as [PlatformChild, PlatformChild];
  const clients = platforms.map((platform) => new HttpClient(platform.url, 4, 30_000));
  const sockets: Socket[] = [];
  try {
    const adminToken = await person(clients[0]!, a, 'presenter@bench.local', 'admin', '127.0.2.1');
    const tokens: string[] = [];
    for (let i = 0; i < Math.min(ACCOUNTS, options.followers); i++) {
      // Registered on the process whose log carries the one-time code; the session is valid on both.
      tokens.push(await person(clients[i % 2]!, platforms[i % 2]!, `follower-${i}@bench.local`, 'user', `127.0.2.${10 + i}`));
    }
    const arrivalsOn = [new Map<string, number[]>(), new Map<string, number[]>()] as const;
    for (let i = 0; i < options.followers; i++) {
      sockets.push(await socketFollower(platforms[i % 2]!, tokens[i % tokens.length]!, arrivalsOn[(i % 2) as 0 | 1]));
    }
    const counts = [Math.ceil(options.followers / 2), Math.floor(options.followers / 2)] as const;
    options.log(`  ${counts[0]} socket followers on ${a.url} (the driver's), ${counts[1]} on ${b.url}`);
    const admin = await driver(a, adminToken);
    sockets.push(admin);

    const ms: [number[], number[]] = [[], []];
    for (let move = 0; move < options.moves; move++) {
      // Consecutive moves go to different pages, so a late arrival is never taken for the next move's.
      const path = paths[(move + 1) % paths.length]!;
      for (const arrivals of arrivalsOn) arrivals.clear();
      const t0 = performance.timeOrigin + performance.now();
      const ack = (await admin.timeout(MOVE_WAIT_MS).emitWithAck(FOLLOW_DRIVE_EVENT, { path })) as { ok: boolean; detail?: string };
      if (!ack.ok) throw new Error(`drive to ${path} refused: ${ack.detail}`);
      const deadline = Date.now() + MOVE_WAIT_MS;
      const arrived = () => arrivalsOn.every((arrivals, side) => (arrivals.get(path)?.length ?? 0) >= counts[side as 0 | 1]);
      while (!arrived() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      arrivalsOn.forEach((arrivals, side) => ms[side as 0 | 1].push(...(arrivals.get(path) ?? []).map((at) => at - t0)));
    }
    await admin
      .timeout(MOVE_WAIT_MS)
      .emitWithAck(FOLLOW_DRIVE_EVENT, { stop: true })
      .catch(() => undefined);
    return {
      moves: options.moves,
      sameProcess: followGroup(counts[0], ms[0], counts[0] * options.moves),
      otherProcess: followGroup(counts[1], ms[1], counts[1] * options.moves),
      all: followGroup(options.followers, [...ms[0], ...ms[1]], options.followers * options.moves),
    };
  } finally {
    for (const socket of sockets) socket.close();
    for (const client of clients) client.close();
    await Promise.all(platforms.map((platform) => platform.stop()));
  }
}
