import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt N=2^15, r=8, p=1: 32 MiB and about 120 ms per guess on this 2-core machine (OWASP suggests
// 2^17; 2^15 keeps 200 concurrent sign-ins of the load bench bearable). The parameters are stored with
// each hash, which is checked with its own, so the cost can change without invalidating passwords.

/** log2 of scrypt's N for new hashes: 2^15. */
export const PASSWORD_COST = 15;

/**
 * The cost new hashes get: PASSWORD_COST, except inside the test runner (VITEST set), where
 * DECK_PASSWORD_COST may lower it (vite.config.ts sets 10: ~1 ms instead of ~120 ms, for the hundreds
 * of accounts the suite makes). Outside tests the variable is ignored, so no deployment can weaken it.
 */
export function passwordCost(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const lowered = Number(env.DECK_PASSWORD_COST);
  return env.VITEST && Number.isInteger(lowered) && lowered >= 4 && lowered <= PASSWORD_COST ? lowered : PASSWORD_COST;
}

const N = 2 ** passwordCost();
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

let breached: Promise<Set<string>> | null = null;

// The common-passwords list of @zxcvbn-ts/language-common (about 49,000 entries, a maintained
// package rather than a list typed by hand), loaded on first use and kept as a lower-cased Set.
function breachedPasswords(): Promise<Set<string>> {
  breached ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map((password) => password.toLowerCase())));
  return breached;
}

/** True when the password, lower-cased, is among commonly breached passwords (OWASP ASVS 2.1.7). */
export async function isCommonlyBreached(password: string): Promise<boolean> {
  return (await breachedPasswords()).has(password.normalize('NFKC').toLowerCase());
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash` (base64) with a fresh 16-byte salt per call; `cost` is log2 N. */
export async function hashPassword(password: string, cost: number = Math.log2(N)): Promise<string> {
  const salt = randomBytes(16);
  const n = 2 ** cost;
  const key = await derive(password, salt, n, R, P);
  return ['scrypt', n, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time check of a password against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same work as a real check so timing does not tell "no such user" from "wrong password".
    await derive(password, randomBytes(16), N, R, P);
    return false;
  }
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
