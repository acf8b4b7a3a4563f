import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';

/**
 * Counts the scrypt derivations (password hashings: every check of a password derives once) this
 * process makes until `stop` is called. The platform runs in the test's process, so this is the cost
 * an attacker imposes, measured rather than inferred from the statuses it answers with.
 */
export function countPasswordHashings(): { count(): number; stop(): void } {
  const original = crypto.scrypt;
  let count = 0;
  crypto.scrypt = ((...args: Parameters<typeof original>) => {
    count += 1;
    return (original as (...a: unknown[]) => void)(...args);
  }) as typeof original;
  // Named imports of `node:crypto` (passwords.ts) read the module's live bindings: update them too.
  syncBuiltinESMExports();
  return {
    count: () => count,
    stop() {
      crypto.scrypt = original;
      syncBuiltinESMExports();
    },
  };
}
