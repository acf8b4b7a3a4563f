/** Codes the client assigns itself when the server's body carries none (protocol file, "Errors"). */
export type Base44ErrorCode = 'ERR_NETWORK' | 'ERR_TIMEOUT' | 'ERR_CANCELED' | 'ERR_BAD_REQUEST' | 'ERR_BAD_RESPONSE';

/** Fields of a Base44Error besides its message. */
export interface Base44ErrorInit {
  status?: number | undefined;
  code: Base44ErrorCode | (string & {});
  data?: unknown;
  cause?: unknown;
}

/** The one error class every failed call rejects with; same name and fields as the published client's. */
export class Base44Error extends Error {
  override readonly name = 'Base44Error';
  /** HTTP status; absent when no response arrived (network failure, timeout, cancel). */
  readonly status: number | undefined;
  readonly code: string;
  /** The parsed response body, when there was one. */
  readonly data: unknown;

  constructor(message: string, init: Base44ErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.data = init.data;
  }

  /** A plain object for logs and for posting to a parent window (functions and causes do not clone). */
  toJSON(): { name: string; message: string; status: number | undefined; code: string; data: unknown } {
    return { name: this.name, message: this.message, status: this.status, code: this.code, data: this.data };
  }
}

function field(body: unknown, key: string): unknown {
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
}

function asText(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  // FastAPI-style validation details are arrays; keep them readable rather than "[object Object]".
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The error for a response whose status is not 2xx: message > detail > generic text. */
export function errorFromResponse(status: number, body: unknown): Base44Error {
  const message = asText(field(body, 'message')) ?? asText(field(body, 'detail')) ?? `Request failed with status code ${status}`;
  const bodyCode = field(body, 'code');
  const code = typeof bodyCode === 'string' && bodyCode !== '' ? bodyCode : status >= 400 && status < 500 ? 'ERR_BAD_REQUEST' : 'ERR_BAD_RESPONSE';
  return new Base44Error(message, { status, code, data: body });
}

/** Wording follows axios, which the published client used, so logs read the same. */
export const networkError = (cause: unknown): Base44Error => new Base44Error('Network Error', { code: 'ERR_NETWORK', cause });
export const timeoutError = (ms: number): Base44Error => new Base44Error(`timeout of ${ms}ms exceeded`, { code: 'ERR_TIMEOUT' });
export const canceledError = (cause?: unknown): Base44Error => new Base44Error('canceled', { code: 'ERR_CANCELED', cause });

/** The rejection for a plain string where named parameters belong. */
export function namedParametersError(kind: 'Function' | 'Integration', name: string, data: unknown): Base44Error {
  return new Base44Error(`${kind} ${name} must receive an object with named parameters, received: ${String(data)}`, {
    code: 'ERR_BAD_REQUEST',
    data,
  });
}
