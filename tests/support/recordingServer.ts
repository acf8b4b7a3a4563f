// Real loopback servers for the SDK and app-start tests: an HTTP server that records every request and
// answers canned JSON per route, and a socket.io server at the platform's mount path that records rooms.
import { createServer, type IncomingHttpHeaders, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Socket as NetSocket } from 'node:net';
import { Server as SocketServer } from 'socket.io';
import { SOCKET_PATH } from '../../schemas/platformWire.ts';

/** One multipart part as the server saw it. */
export interface RecordedPart {
  name: string;
  filename?: string;
  type?: string;
  value: string;
}

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** Parsed JSON body, or undefined when there was none or it was not JSON. */
  body: unknown;
  parts?: RecordedPart[];
}

/** A canned answer: status (200), JSON body, extra headers; `delayMs` holds it back; `hangUp` drops the socket. */
export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  hangUp?: boolean;
}

type Responder = Reply | ((request: RecordedRequest) => Reply);

/** The recording HTTP server. */
export interface RecordingServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Answers `METHOD /path` with these replies in turn; the last one repeats. */
  reply(route: string, ...replies: Responder[]): void;
  /** The recorded requests to `METHOD /path`. */
  to(route: string): RecordedRequest[];
  /** Forgets recorded requests and canned replies (call in beforeEach). */
  reset(): void;
  close(): Promise<void>;
}

async function parseParts(raw: Buffer, contentType: string): Promise<RecordedPart[]> {
  // Node's own fetch classes parse multipart, so the test reads exactly what a server framework would.
  const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  const parts: RecordedPart[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') parts.push({ name, value });
    else parts.push({ name, filename: value.name, type: value.type, value: await value.text() });
  }
  return parts;
}

/** Starts the recording HTTP server on 127.0.0.1, port 0 unless given. Unrouted requests get 200 `{ ok: true }`. */
export async function startRecordingServer(port = 0): Promise<RecordingServer> {
  const routes = new Map<string, Responder[]>();
  const requests: RecordedRequest[] = [];
  const sockets = new Set<NetSocket>();

  const server: HttpServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks);
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const contentType = req.headers['content-type'] ?? '';
        const rawBody = raw.toString('utf8');
        let body: unknown;
        if (contentType.includes('application/json') && rawBody) {
          try {
            body = JSON.parse(rawBody);
          } catch {
            body = undefined;
          }
        }
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers: req.headers,
          rawBody,
          body,
          ...(contentType.startsWith('multipart/form-data') ? { parts: await parseParts(raw, contentType) } : {}),
        };
        requests.push(recorded);

        const queue = routes.get(`${recorded.method} ${recorded.path}`);
        const responder = queue ? (queue.length > 1 ? queue.shift()! : queue[0]!) : { body: { ok: true } };
        const reply = typeof responder === 'function' ? responder(recorded) : responder;
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        if (reply.hangUp) {
          req.socket.destroy();
          return;
        }
        if (res.destroyed) return;
        const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
        res.writeHead(reply.status ?? 200, {
          ...(text ? { 'content-type': 'application/json' } : {}),
          ...reply.headers,
        });
        res.end(text);
      })();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    requests,
    reply(route, ...replies) {
      routes.set(route, replies);
    },
    to(route) {
      return requests.filter((r) => `${r.method} ${r.path}` === route);
    },
    reset() {
      requests.length = 0;
      routes.clear();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port that nothing listens on (bound, read, released). */
export async function closedPort(): Promise<number> {
  const server = await startRecordingServer();
  await server.close();
  return server.port;
}

/** One thing the socket server saw. */
export interface SocketEvent {
  kind: 'connect' | 'join' | 'leave' | 'disconnect';
  room?: string;
  /** The handshake query of the connection. */
  query: Record<string, unknown>;
  /** Which server generation saw it: 1, then 2 after a restart. */
  generation: number;
}

/** The recording socket.io server. */
export interface RecordingSocketServer {
  url: string;
  port: number;
  events: SocketEvent[];
  /** Sends `update_model { room, data: JSON.stringify(data) }` to the room. */
  emitUpdate(room: string, data: unknown, raw?: string): void;
  /** Emits an event by name to every connected socket. */
  emitToAll(event: string, payload: unknown): void;
  /** Connected sockets' handshake queries. */
  connections(): Array<Record<string, unknown>>;
  /** Stops, then listens again on the same port (clients reconnect and must re-join). */
  restart(): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a socket.io server mounted at the platform's path on 127.0.0.1. */
export async function startSocketServer(path = SOCKET_PATH): Promise<RecordingSocketServer> {
  const events: SocketEvent[] = [];
  let generation = 0;
  let port = 0;
  let http: HttpServer | null = null;
  let io: SocketServer | null = null;
  const tcp = new Set<NetSocket>();

  async function listen(): Promise<void> {
    generation += 1;
    const gen = generation;
    http = createServer();
    http.on('connection', (socket) => {
      tcp.add(socket);
      socket.on('close', () => tcp.delete(socket));
    });
    io = new SocketServer(http, { path, transports: ['websocket'] });
    io.on('connection', (socket) => {
      const query = { ...socket.handshake.query };
      events.push({ kind: 'connect', query, generation: gen });
      socket.on('join', (room: string) => {
        void socket.join(room);
        events.push({ kind: 'join', room, query, generation: gen });
      });
      socket.on('leave', (room: string) => {
        void socket.leave(room);
        events.push({ kind: 'leave', room, query, generation: gen });
      });
      socket.on('disconnect', () => events.push({ kind: 'disconnect', query, generation: gen }));
    });
    await new Promise<void>((resolve) => http!.listen(port, '127.0.0.1', resolve));
    port = (http.address() as AddressInfo).port;
  }

  async function stop(): Promise<void> {
    const current = io;
    io = null;
    http = null;
    if (!current) return;
    // Dropping the TCP sockets looks like a crash to clients ("transport close"), so they reconnect.
    for (const socket of tcp) socket.destroy();
    await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  await listen();
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    events,
    emitUpdate(room, data, raw) {
      io?.to(room).emit('update_model', { room, data: raw ?? JSON.stringify(data) });
    },
    emitToAll(event, payload) {
      io?.emit(event, payload);
    },
    connections() {
      return io ? [...io.sockets.sockets.values()].map((s) => ({ ...s.handshake.query })) : [];
    },
    async restart() {
      await stop();
      await listen();
    },
    stop,
    close: stop,
  };
}
