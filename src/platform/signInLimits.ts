import { ClientThrottle } from './clientThrottle.ts';
import { AttemptLimiter } from './attemptLimiter.ts';
import { HttpError } from './errors.ts';

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

/** A reserved password check: call `done` exactly once with its outcome. */
export interface PasswordCheck {
  done(ok: boolean): void;
}

/** The 429 of every sign-in limit, with Retry-After. */
export function tooManyAttempts(wait: number): HttpError {
  const when = wait < 60 ? `${wait} s` : `${Math.ceil(wait / 60)} min`;
  return new HttpError(
    429,
    { detail: `Too many sign-in attempts; try again in ${when}`, code: 'too_many_attempts' },
    { 'Retry-After': String(wait) },
  );
}

/**
 * Every limit on password checks (issue 9, findings 4 and 5): per account and address, per account,
 * and per address over all accounts (its in-flight cap is applied earlier, by routes/clientGate.ts).
 * `reserve` decides and takes the places in one synchronous step, before any hashing, so
 * concurrency cannot sidestep a limit; a success gives its place back.
 */
export class SignInLimits {
  readonly perAccountAddress: AttemptLimiter;
  readonly perAccount: AttemptLimiter;
  readonly perAddress: ClientThrottle;
  /** account → address → last successful sign-in. */
  private readonly known = new Map<string, Map<string, number>>();

  private readonly now: () => number;

  /** `accountMax` replaces ACCOUNT_MAX_FAILURES (PlatformOptions.accountMaxFailures). */
  constructor(options: { accountMax?: number; now?: () => number } = {}) {
    const now = options.now ?? Date.now;
    this.now = now;
    this.perAccountAddress = new AttemptLimiter(ACCOUNT_CLIENT_MAX_FAILURES, ACCOUNT_CLIENT_WINDOW_MS, now);
    this.perAccount = new AttemptLimiter(options.accountMax ?? ACCOUNT_MAX_FAILURES, ACCOUNT_WINDOW_MS, now);
    this.perAddress = new ClientThrottle(now);
  }

  private isKnown(account: string, address: string): boolean {
    const at = this.known.get(account)?.get(address);
    return at !== undefined && at > this.now() - KNOWN_ADDRESS_MS;
  }

  /** Reserves one password check of `account` (app + email) from `address`, or throws 429. */
  reserve(account: string, address: string): PasswordCheck {
    const pair = `${account}\n${address}`;
    const known = this.isKnown(account, address);
    const wait = Math.max(
      this.perAddress.backoffSeconds(address),
      this.perAccountAddress.retryAfterSeconds(pair),
      known ? 0 : this.perAccount.retryAfterSeconds(account),
    );
    if (wait > 0) throw tooManyAttempts(wait);
    this.perAccountAddress.reserve(pair);
    if (!known) this.perAccount.reserve(account);
    let finished = false;
    return {
      done: (ok) => {
        if (finished) return;
        finished = true;
        if (!ok) {
          this.perAddress.fail(address);
          return;
        }
        this.perAccountAddress.reset(pair);
        if (!known) this.perAccount.refund(account);
        const addresses = this.known.get(account) ?? new Map<string, number>();
        addresses.set(address, this.now());
        this.known.set(account, addresses);
      },
    };
  }
}
