import type { Caller } from '../../src/platform/identity/access.ts';
import type { UserRow } from '../../src/platform/identity/users.ts';

/**
 * A person as the admission identifies them, for tests of the rules that judge callers without a
 * platform: a whole row (the access checks read its dates), any field given in `fields`.
 */
export function person(id: string, role = 'user', fields: Partial<UserRow> = {}): Caller {
  const user: UserRow = {
    id,
    app_id: 'app',
    email: `${id}@example.com`,
    full_name: null,
    role,
    password_hash: null,
    email_verified: true,
    invited: true,
    data: {},
    created_date: '2026-01-01T00:00:00.000Z',
    updated_date: '2026-01-01T00:00:00.000Z',
    invited_at: null,
    joined_at: null,
    last_seen_at: null,
    expires_at: null,
    revoked_at: null,
    prepared_for: null,
    ...fields,
  };
  return { kind: 'user', user, digest: 'd' };
}
