import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

// An IPv6 host usually holds a whole /64, so its addresses count as one client.
function ipv6Prefix(address: string): string {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** One client's key: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 prefix. */
export function normalizeAddress(address: string): string {
  const lower = address.trim().toLowerCase();
  if (lower.startsWith('::ffff:') && lower.includes('.')) return lower.slice('::ffff:'.length);
  return lower.includes(':') ? ipv6Prefix(lower.replace(/%.*$/, '')) : lower;
}

/**
 * The address a request came from: the socket's peer. Only when the platform runs behind a proxy
 * it was told to trust (env TRUST_PROXY) is the last X-Forwarded-For hop used instead; otherwise
 * that header is the client's own words and would let one client pose as thousands.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    const last = hops[hops.length - 1];
    if (last) return normalizeAddress(last);
  }
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // Not served by node-server (no socket): every such request is one "unknown" client.
  }
  return normalizeAddress(peer ?? 'unknown');
}
