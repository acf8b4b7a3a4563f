import { describe, expect, it } from 'vitest';
import type { Caller } from '../../src/platform/identity/access.ts';
import type { UserRow } from '../../src/platform/identity/users.ts';
import { allows, DEFAULT_RULE, type EntityRule, readsAll, requireAllowed, requireOnRecord } from '../../src/platform/records/entityAccess.ts';

// The access table's words (entityAccess.ts), decided for each kind of caller: the HTTP tests meet
// them through a few entities; here every rule word meets every caller.

function person(id: string, role: 'admin' | 'viewer', ended: Partial<Pick<UserRow, 'revoked_at' | 'expires_at'>> = {}): Caller {
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
    ...ended,
  };
  return { kind: 'user', user, digest: 'd' };
}

const viewer = person('u1', 'viewer');
const admin = person('a1', 'admin');
const revokedAdmin = person('a2', 'admin', { revoked_at: new Date('2026-01-02T00:00:00Z') });
const service: Caller = { kind: 'service' };
const anonymous: Caller = { kind: 'anonymous' };
const invalid: Caller = { kind: 'invalid' };

/** The HTTP error a check threw, as status and detail, or null when it let the caller through. */
function refusal(check: () => void): { status: number; detail: string } | null {
  try {
    check();
    return null;
  } catch (error) {
    const { status, body } = error as { status: number; body: { detail: string } };
    return { status, detail: body.detail };
  }
}

describe('allows', () => {
  it('nobody: no caller at all, the service role included', () => {
    for (const caller of [viewer, admin, service, anonymous, invalid]) expect(allows('nobody', caller, 'u1')).toBe(false);
  });

  it('viewer: every caller the gate let in, but never a dead token', () => {
    for (const caller of [viewer, admin, service, anonymous]) expect(allows('viewer', caller)).toBe(true);
    expect(allows('viewer', invalid), 'a dead token passed a viewer rule').toBe(false);
  });

  it('admin: an admin person now, or the service role', () => {
    expect(allows('admin', admin)).toBe(true);
    expect(allows('admin', service)).toBe(true);
    for (const caller of [viewer, anonymous, invalid, revokedAdmin]) expect(allows('admin', caller)).toBe(false);
  });

  it("owner: the record's creator by id, or an admin; never someone without an id, and never without a record", () => {
    expect(allows('owner', viewer, 'u1')).toBe(true);
    expect(allows('owner', viewer, 'u2'), "another person's record").toBe(false);
    expect(allows('owner', viewer, undefined), 'no record named: a viewer owns nothing').toBe(false);
    expect(allows('owner', viewer, null)).toBe(false);
    expect(allows('owner', anonymous, 'u1'), 'someone without an account owns records').toBe(false);
    expect(allows('owner', anonymous, undefined)).toBe(false);
    expect(allows('owner', admin, 'u1')).toBe(true);
    expect(allows('owner', service, undefined)).toBe(true);
    expect(allows('owner', revokedAdmin, 'u1')).toBe(false);
  });
});

describe('readsAll', () => {
  const rule = (read: EntityRule['read']): EntityRule => ({ ...DEFAULT_RULE, read });

  it('a viewer-read entity is read whole by everyone admitted; an owner- or admin-read one by admins only; a nobody-read one by no one', () => {
    expect(readsAll(rule('viewer'), viewer)).toBe(true);
    expect(readsAll(rule('owner'), viewer)).toBe(false);
    expect(readsAll(rule('owner'), admin)).toBe(true);
    expect(readsAll(rule('admin'), service)).toBe(true);
    expect(readsAll(rule('nobody'), admin), 'an admin read a nobody-read entity whole').toBe(false);
    expect(readsAll(rule('nobody'), service), 'the service role read a nobody-read entity whole').toBe(false);
  });
});

describe('the refusals', () => {
  it('an action on no one record: 403 naming the action and the entity', () => {
    expect(refusal(() => requireAllowed('admin', viewer, 'Consultation', 'bulk-create'))).toEqual({
      status: 403,
      detail: 'You may not bulk-create Consultation records',
    });
    expect(refusal(() => requireAllowed('viewer', viewer, 'Consultation', 'create'))).toBeNull();
  });

  it('a record one may not read is 404, so its id tells nothing; one may read but not change it is 403', () => {
    const record = { id: 'r9', created_by_id: 'u2' };
    expect(refusal(() => requireOnRecord(DEFAULT_RULE, 'update', viewer, 'Note', record))).toEqual({ status: 404, detail: 'Note r9 not found' });
    const readable: EntityRule = { ...DEFAULT_RULE, read: 'viewer', update: 'admin' };
    expect(refusal(() => requireOnRecord(readable, 'update', viewer, 'Note', record))).toEqual({
      status: 403,
      detail: 'You may not update this Note record',
    });
    expect(refusal(() => requireOnRecord(DEFAULT_RULE, 'delete', viewer, 'Note', { id: 'r1', created_by_id: 'u1' }))).toBeNull();
  });
});
