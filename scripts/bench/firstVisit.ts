import type { Browser, BrowserContext } from 'playwright-core';
import { resourceKind, type ResourceKind } from './resourceKind.ts';

/** Bytes over the wire of one cold visit, by kind, until the network has been quiet. */
export interface FirstVisit {
  js: number;
  css: number;
  html: number;
  /** Fonts + images. */
  media: number;
  other: number;
  total: number;
  /** JS + CSS + HTML (the target's sum). */
  code: number;
  /** JS + CSS + HTML without response headers (compressed bodies only, like a bundler's gzip figure). */
  codeBodies: number;
  requests: number;
  /** Responses that came compressed (content-encoding set), to show the figures are gzip as served. */
  compressed: number;
  urls: { url: string; kind: ResourceKind; bytes: number; headerBytes: number; encoding: string | null }[];
}

interface Pending {
  url: string;
  type: string | undefined;
  mime?: string;
  encoding: string | null;
  /** Header bytes, as counted by the response's encodedDataLength when it arrived. */
  headerBytes: number;
}

/** Quiet period that ends a visit: no request in flight and none finished for this long. */
export const QUIET_MS = 1000;

/**
 * One first visit: a fresh browser context (empty cache and storage), the cache also disabled over
 * CDP, no input. Counts `Network.loadingFinished.encodedDataLength` (compressed body + response
 * headers, as received) of every request until QUIET_MS without network activity (at most 15 s).
 */
export async function firstVisit(
  browser: Browser,
  url: string,
  prepare?: (context: BrowserContext) => Promise<void>,
  /** The content codings the browser offers (`['gzip', 'deflate']` for a gzip-only figure); chromium's own when absent. */
  encodings?: ('gzip' | 'deflate' | 'br' | 'zstd')[],
): Promise<FirstVisit> {
  const context = await browser.newContext();
  try {
    // A signed-in viewer's visit: their session is already in the fresh context (cookie, stored token).
    await prepare?.(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const pending = new Map<string, Pending>();
    const result: FirstVisit = { js: 0, css: 0, html: 0, media: 0, other: 0, total: 0, code: 0, codeBodies: 0, requests: 0, compressed: 0, urls: [] };
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (e) => {
      lastActivity = Date.now();
      // A redirect reuses the request id; the earlier hop is counted when its response arrives.
      pending.set(e.requestId, { url: e.request.url, type: e.type, encoding: null, headerBytes: 0 });
    });
    cdp.on('Network.responseReceived', (e) => {
      lastActivity = Date.now();
      const entry = pending.get(e.requestId);
      if (!entry) return;
      entry.mime = e.response.mimeType;
      entry.headerBytes = e.response.encodedDataLength;
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      entry.encoding = headers['content-encoding'] ?? null;
    });
    const finish = (requestId: string, bytes: number) => {
      lastActivity = Date.now();
      const entry = pending.get(requestId);
      if (!entry) return;
      pending.delete(requestId);
      if (entry.url.startsWith('data:')) return;
      const kind = resourceKind(entry.mime, entry.type);
      result[kind] += bytes;
      result.total += bytes;
      result.requests += 1;
      if (entry.encoding) result.compressed += 1;
      if (kind === 'js' || kind === 'css' || kind === 'html') result.codeBodies += Math.max(0, bytes - entry.headerBytes);
      result.urls.push({ url: entry.url, kind, bytes, headerBytes: entry.headerBytes, encoding: entry.encoding });
    };
    cdp.on('Network.loadingFinished', (e) => finish(e.requestId, e.encodedDataLength));
    cdp.on('Network.loadingFailed', (e) => finish(e.requestId, 0));
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (encodings) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': encodings.join(', ') } });
    await page.goto(url, { waitUntil: 'load' });
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (pending.size > 0 || Date.now() - lastActivity < QUIET_MS)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    result.code = result.js + result.css + result.html;
    // A copy: a response finishing after the quiet spell must not change some figures and not others.
    return structuredClone(result);
  } finally {
    await context.close();
  }
}
