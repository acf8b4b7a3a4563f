import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

// An IPv6 host usually holds a whole /64, so its addresses count as one client. Written as people
// write it (RFC 5952): lower case, no leading zeros, the longest run of zero groups as "::".
function ipv6Prefix(address: string): string {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  const prefix = [...groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')), '0', '0', '0', '0'];
  // The longest run of zero groups (the first of equal ones) becomes "::"; the last four are zero, so there is one.
  let best = { start: 0, length: 0 };
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && prefix[start + length] === '0') length++;
    if (length > best.length) best = { start, length };
  }
  return `${prefix.slice(0, best.start).join(':')}::${prefix.slice(best.start + best.length).join(':')}/64`;
}

/** One client's key: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 prefix. */
export function normalizeAddress(address: string): string {
  const lower = address.trim().toLowerCase();
  if (lower.startsWith('::ffff:') && lower.includes('.')) return lower.slice('::ffff:'.length);
  const bare = lower.replace(/%.*$/, '');
  // The loopback is this machine, one host: as people write it.
  if (bare === '::1' || bare === '0:0:0:0:0:0:0:1') return '::1';
  return bare.includes(':') ? ipv6Prefix(bare) : bare;
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
