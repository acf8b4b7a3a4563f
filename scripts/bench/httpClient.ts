import { Agent, request, type IncomingHttpHeaders } from 'node:http';

/** A reply: status, body text and the Set-Cookie headers. */
export interface HttpReply {
  status: number;
  body: string;
  setCookie: string[];
  headers: IncomingHttpHeaders;
}

/** A keep-alive HTTP/1.1 client for loopback, with a per-request timeout. */
export class HttpClient {
  readonly agent: Agent;

  constructor(
    private readonly base: string,
    maxSockets: number,
    private readonly timeoutMs = 15_000,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  /** One request; `localAddress` picks the loopback address it comes from (127.0.0.2, …), standing in for another client. */
  send(method: string, path: string, init: { headers?: Record<string, string>; json?: unknown; localAddress?: string } = {}): Promise<HttpReply> {
    const url = new URL(path, this.base);
    const payload = init.json === undefined ? undefined : Buffer.from(JSON.stringify(init.json));
    const headers: Record<string, string> = { Accept: 'application/json, text/html', ...init.headers };
    if (payload) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = String(payload.length);
    }
    return new Promise((resolvePromise, reject) => {
      const req = request(url, { method, headers, agent: this.agent, ...(init.localAddress && { localAddress: init.localAddress }) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolvePromise({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            setCookie: res.headers['set-cookie'] ?? [],
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      });
      req.setTimeout(this.timeoutMs, () => req.destroy(new Error(`timeout after ${this.timeoutMs} ms: ${method} ${path}`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
