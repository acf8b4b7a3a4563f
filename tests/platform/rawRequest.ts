import { request } from 'node:http';

/** One answer of {@link rawGet}: status, headers and body text. */
export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * GETs `path` exactly as written (like `curl --path-as-is`): fetch() and URL objects fold `//`,
 * `..` and `%2e%2e` before sending, which would hide the very forms an attacker sends.
 */
export function rawGet(baseUrl: string, path: string, cookie?: string): Promise<RawReply> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET', headers: cookie ? { Cookie: cookie } : {}, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
