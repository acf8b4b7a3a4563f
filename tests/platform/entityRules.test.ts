import { describe, expect, it } from 'vitest';
import type { Caller } from '../../src/platform/identity/access.ts';
import {
  allows,
  DEFAULT_RULE,
  ENTITY_ACCESS,
  type EntityRule,
  readsAll,
  requireAllowed,
  requireOnRecord,
  ruleFor,
} from '../../src/platform/records/entityAccess.ts';
import { person } from './callers.ts';

// The access table (entityAccess.ts) without a platform: its declared rules, and its words decided for
// each kind of caller. The HTTP tests (attackAccess.test.ts) meet them through a few entities.

const viewer = person('u1');
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

describe('the rule table', () => {
  it('defaults an undeclared entity to create by any viewer, everything else owner or admin', () => {
    expect(ruleFor('Note')).toEqual({
      create: 'viewer',
      read: 'owner',
      update: 'owner',
      delete: 'owner',
      rate: { max: 100, windowMs: 3_600_000, what: 'records' },
    });
    expect(ruleFor('Note').bulk, 'bulk create and import: admins only unless declared').toBeUndefined();
    expect(ruleFor('constructor')).toBe(DEFAULT_RULE);
    expect(allows(DEFAULT_RULE.read, person('a'), 'a')).toBe(true);
    expect(allows(DEFAULT_RULE.read, person('b'), 'a')).toBe(false);
    expect(allows(DEFAULT_RULE.read, anonymous, null)).toBe(false);
    expect(allows(DEFAULT_RULE.read, person('b'), null)).toBe(false);
    expect(allows(DEFAULT_RULE.delete, person('x', 'admin'), 'a')).toBe(true);
    expect(allows(DEFAULT_RULE.delete, service, 'a')).toBe(true);
    expect(readsAll(DEFAULT_RULE, person('a'))).toBe(false);
    expect(readsAll(DEFAULT_RULE, service)).toBe(true);
  });

  it('can say "create: viewer, read: admin, update: nobody, delete: admin" (a viewing record)', () => {
    const view: EntityRule = { create: 'viewer', read: 'admin', update: 'nobody', delete: 'admin', rate: { max: 10, windowMs: 1000, what: 'views' } };
    const table = { View: view };
    const rule = ruleFor('View', table);
    const viewer = person('v');
    const boss = person('b', 'admin');
    expect(allows(rule.create, viewer)).toBe(true);
    expect(allows(rule.read, viewer, 'v')).toBe(false);
    expect(readsAll(rule, viewer)).toBe(false);
    expect(allows(rule.update, viewer, 'v')).toBe(false);
    expect(allows(rule.delete, viewer, 'v')).toBe(false);
    expect(allows(rule.read, boss, 'v')).toBe(true);
    expect(readsAll(rule, boss)).toBe(true);
    expect(allows(rule.update, boss, 'v')).toBe(false);
    expect(allows(rule.update, service, 'v')).toBe(false);
    expect(allows(rule.delete, service, 'v')).toBe(true);
    const shared: EntityRule = { create: 'admin', read: 'viewer', update: 'admin', delete: 'admin', rate: null };
    expect(readsAll(shared, viewer)).toBe(true);
    expect(allows(shared.create, viewer)).toBe(false);
  });

  it('gives every entity a viewer may write a rate', () => {
    const viewerWrites = (rule: EntityRule) =>
      (['create', 'update', 'delete'] as const).some((action) => rule[action] === 'viewer' || rule[action] === 'owner');
    for (const [name, rule] of [['(undeclared)', DEFAULT_RULE] as const, ...Object.entries(ENTITY_ACCESS)]) {
      if (viewerWrites(rule)) expect(rule.rate, `${name} is written by viewers and has no rate`).not.toBeNull();
    }
    expect(ENTITY_ACCESS.ConsultationRequest!.rate).toEqual({ max: 5, windowMs: 24 * 3_600_000, what: 'consultation requests' });
  });

  it('declares the User and Outbox rules the routes apply', () => {
    expect(ENTITY_ACCESS.Outbox).toEqual({ create: 'nobody', read: 'admin', update: 'nobody', delete: 'nobody', rate: null });
    expect(ENTITY_ACCESS.User).toMatchObject({ create: 'nobody', delete: 'admin' });
  });
});
