import { describe, expect, it } from 'vitest';
import { applyChange, newestFirst } from '../../src/admin/recordChanges.ts';
import { requester, splitRequests, statusLabel } from '../../src/admin/people/requests.ts';

type Row = { id: string; email: string; status?: 'pending' | 'approved' | 'declined'; created_date?: string };
const a: Row = { id: 'a', email: 'a@x.example', status: 'pending', created_date: '2026-11-01T00:00:00Z' };
const b: Row = { id: 'b', email: 'b@x.example', status: 'approved', created_date: '2026-11-02T00:00:00Z' };

describe('live changes on a listed room', () => {
  it('a create goes on top; the same record created twice is listed once', () => {
    const c: Row = { id: 'c', email: 'c@x.example', status: 'pending' };
    const once = applyChange([a, b], { type: 'create', id: 'c', data: c });
    expect(once.map((row) => row.id)).toEqual(['c', 'a', 'b']);
    expect(applyChange(once, { type: 'create', id: 'c', data: c }).map((row) => row.id)).toEqual(['c', 'a', 'b']);
  });

  it('an update replaces in place; a delete removes', () => {
    const updated = applyChange([a, b], { type: 'update', id: 'a', data: { ...a, status: 'declined' } });
    expect(updated).toEqual([{ ...a, status: 'declined' }, b]);
    expect(applyChange([a, b], { type: 'delete', id: 'a', data: a })).toEqual([b]);
  });

  it('sorts newest first', () => {
    expect(newestFirst([a, b, { id: 'x', email: 'x' }]).map((row) => row.id)).toEqual(['b', 'a', 'x']);
  });
});

describe('requests', () => {
  it('puts pending ones apart from decided ones', () => {
    const { pending, decided } = splitRequests([b, a, { id: 'n', email: 'n@x.example' }]);
    expect(pending.map((row) => row.id)).toEqual(['a', 'n']);
    expect(decided.map((row) => row.id)).toEqual(['b']);
  });

  it('names who asked and where it stands', () => {
    expect(requester({ email: 'ada@lender.example', full_name: 'Ada' })).toBe('Ada <ada@lender.example>');
    expect(requester({ created_by: 'ada@lender.example' })).toBe('ada@lender.example');
    expect(statusLabel('handled')).toBe('Handled');
    expect(statusLabel(undefined)).toBe('Pending');
  });
});
