import { ClientThrottle } from './clientThrottle.ts';
import { AttemptLimiter } from './attemptLimiter.ts';
import type { Db, Queryable } from '../db/db.ts';
import { LimitEvents } from './limitEvents.ts';
import { HttpError } from '../core/errors.ts';

/** Failed password checks per account and client address in ACCOUNT_CLIENT_WINDOW_MS. */
export const ACCOUNT_CLIENT_MAX_FAILURES = 5;
/** The window of ACCOUNT_CLIENT_MAX_FAILURES. */
export const ACCOUNT_CLIENT_WINDOW_MS = 15 * 60 * 1000;
/**
 * Failed password checks per account from all addresses together in ACCOUNT_WINDOW_MS: reached only
 * by a guess spread over many addresses; addresses the owner signed in from keep getting in.
 */
export const ACCOUNT_MAX_FAILURES = 100;
/** The window of ACCOUNT_MAX_FAILURES. */
export const ACCOUNT_WINDOW_MS = 60 * 60 * 1000;
/** How long an address stays known to an account after a successful sign-in from it. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

/** A reserved password check: call `done` exactly once with its outcome (and wait for it). */
export interface PasswordCheck {
  done(ok: boolean): Promise<void>;
}

/** The 429 of every sign-in limit, with Retry-After. */
export function tooManyAttempts(wait: number): HttpError {
  const when = wait < 60 ? `${wait} s` : `${Math.ceil(wait / 60)} min`;
  return new HttpError(429, { detail: `Too many sign-in attempts; try again in ${when}`, code: 'too_many_attempts' }, { 'Retry-After': String(wait) });
}

/**
 * Every limit on password checks: per account and address, per account,
 * and per address over all accounts (its in-flight cap is applied earlier, by routes/clientGate.ts).
 * `reserve` decides and takes the places in one transaction that locks the three keys, before any
 * hashing, so concurrency cannot sidestep a limit; a success gives its place back. The counts live in
 * the database, so several processes on one Postgres server share them.
 */
export class SignInLimits {
  readonly perAccountAddress: AttemptLimiter;
  readonly perAccount: AttemptLimiter;
  readonly perAddress: ClientThrottle;
  private readonly events: LimitEvents;

  /** `accountMax` replaces ACCOUNT_MAX_FAILURES (PlatformOptions.accountMaxFailures). */
  constructor(db: Db, options: { accountMax?: number; now?: () => number } = {}) {
    this.events = new LimitEvents(db, options.now);
    this.perAccountAddress = new AttemptLimiter(this.events, 'pair', ACCOUNT_CLIENT_MAX_FAILURES, ACCOUNT_CLIENT_WINDOW_MS);
    this.perAccount = new AttemptLimiter(this.events, 'account', options.accountMax ?? ACCOUNT_MAX_FAILURES, ACCOUNT_WINDOW_MS);
    this.perAddress = new ClientThrottle(this.events);
  }

  private async isKnown(tx: Queryable, account: string, address: string): Promise<boolean> {
    const row = await tx.query('SELECT 1 FROM known_addresses WHERE account = $1 AND address = $2 AND at > $3', [
      account,
      address,
      this.events.now() - KNOWN_ADDRESS_MS,
    ]);
    return row.rows.length > 0;
  }

  /** Reserves one password check of `account` (app + email) from `address`, or throws 429. */
  reserve(account: string, address: string): Promise<PasswordCheck> {
    const pair = `${account}\n${address}`;
    const keys = [this.perAddress.lockKey(address), this.perAccountAddress.lockKey(pair), this.perAccount.lockKey(account)];
    return this.events.locked(keys, async (tx) => {
      const known = await this.isKnown(tx, account, address);
      const wait = Math.max(
        await this.perAddress.backoffIn(tx, address),
        await this.perAccountAddress.waitIn(tx, pair),
        known ? 0 : await this.perAccount.waitIn(tx, account),
      );
      if (wait > 0) throw tooManyAttempts(wait);
      await this.perAccountAddress.takeIn(tx, pair);
      if (!known) await this.perAccount.takeIn(tx, account);
      let finished = false;
      return {
        done: async (ok) => {
          if (finished) return;
          finished = true;
          if (!ok) return this.perAddress.fail(address);
          await this.perAccountAddress.reset(pair);
          if (!known) await this.perAccount.refund(account);
          await this.noteKnownAddress(account, address);
        },
      };
    });
  }

  /**
   * Records that the owner of `account` was at `address` just now: a successful sign-in, and also
   * an accepted invitation or a verified code, which prove the mailbox as much.
   * A spread guess at the account then never locks its owner out from there.
   */
  async noteKnownAddress(account: string, address: string): Promise<void> {
    // Stryker disable next-line ArrayDeclaration,StringLiteral: one upsert statement, atomic without the lock (or under one lock for every account).
    await this.events.locked([`known:${account}`], (tx) =>
      tx.query(
        `INSERT INTO known_addresses (account, address, at) VALUES ($1, $2, $3)
         ON CONFLICT (account, address) DO UPDATE SET at = EXCLUDED.at`,
        [account, address, this.events.now()],
      ),
    );
  }
}
