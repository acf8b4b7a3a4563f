import { Base44Error, canceledError, errorFromResponse, networkError, timeoutError } from './errors.ts';
import type { Globals } from './globals.ts';

/** Per-request knobs: an AbortSignal and a timeout in ms (both optional; default timeout none). */
export interface RequestOptions {
  signal?: AbortSignal | undefined;
  timeout?: number | undefined;
  /** Lets the request outlive the page (fetch `keepalive`), for what a closing tab still has to send. */
  keepalive?: boolean | undefined;
}

/** One request below `{serverUrl}/api/apps/{appId}` (or an absolute `/api/...` path with `absolutePath`). */
export interface RequestSpec extends RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  absolutePath?: boolean;
  query?: Record<string, unknown> | undefined;
  json?: unknown;
  form?: FormData | undefined;
  headers?: Record<string, string> | undefined;
}

/** A settled 2xx response: the parsed body plus what functions.invoke hands back. */
export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  headers: Record<string, string>;
}

/** What one HTTP channel needs; the user and the service role each get one. */
export interface HttpConfig extends RequestOptions {
  serverUrl: string;
  appId: string;
  headers?: Record<string, string> | undefined;
  getToken(): string | null | undefined;
  globals: Globals;
  onError?: ((error: Base44Error) => void) | undefined;
}

/** The request function every module is built on. */
export type Http = <T = unknown>(spec: RequestSpec) => Promise<HttpResponse<T>>;

/** Encodes a path segment: ids and names may hold `/`, `?` or spaces, which the published client put into the path raw. */
export const seg = (value: string | number): string => encodeURIComponent(String(value));

/** Query string with falsy values omitted, as the published client's axios params did. */
export function toQueryString(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (!value) continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function headerObject(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/** Builds the request function over `fetch`, mapping every failure to Base44Error. */
export function createHttp(config: HttpConfig): Http {
  return async function request<T>(spec: RequestSpec): Promise<HttpResponse<T>> {
    try {
      return await send<T>(config, spec);
    } catch (error) {
      const failure = error instanceof Base44Error ? error : networkError(error);
      config.onError?.(failure);
      throw failure;
    }
  };
}

async function send<T>(config: HttpConfig, spec: RequestSpec): Promise<HttpResponse<T>> {
  const base = spec.absolutePath ? config.serverUrl : `${config.serverUrl}/api/apps/${seg(config.appId)}`;
  const url = `${base}${spec.path}${toQueryString(spec.query)}`;

  // Extra headers first, so X-App-Id and the token win over them (protocol file, "Headers").
  const headers = new Headers(config.headers);
  for (const [key, value] of Object.entries(spec.headers ?? {})) headers.set(key, value);
  headers.set('Accept', 'application/json');
  headers.set('X-App-Id', config.appId);
  const token = config.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const location = config.globals.location();
  if (location?.href) headers.set('X-Origin-URL', location.href);

  let body: BodyInit | undefined;
  if (spec.form) {
    // fetch writes the multipart boundary itself; a hand-set Content-Type would lack it.
    headers.delete('Content-Type');
    body = spec.form;
  } else if (spec.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(spec.json);
  }

  const signals = [config.signal, spec.signal].filter((s): s is AbortSignal => s !== undefined);
  const timeout = spec.timeout ?? config.timeout;
  if (signals.some((s) => s.aborted)) throw canceledError(signals.find((s) => s.aborted)?.reason);

  const controller = new AbortController();
  let timedOut = false;
  const onAbort = (): void => controller.abort();
  for (const s of signals) s.addEventListener('abort', onAbort, { once: true });
  const timer =
    timeout && timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeout)
      : undefined;

  try {
    const response = await config.globals.fetch()(url, {
      method: spec.method,
      headers,
      body: body ?? null,
      signal: controller.signal,
      ...(spec.keepalive ? { keepalive: true } : {}),
    });
    const data = parseBody(await response.text());
    if (!response.ok) throw errorFromResponse(response.status, data);
    return { data: data as T, status: response.status, headers: headerObject(response.headers) };
  } catch (error) {
    if (error instanceof Base44Error) throw error;
    if (timedOut) throw timeoutError(timeout ?? 0);
    if (controller.signal.aborted) throw canceledError(error);
    throw networkError(error);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    for (const s of signals) s.removeEventListener('abort', onAbort);
  }
}
