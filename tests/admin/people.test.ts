import { describe, expect, it } from 'vitest';
import {
  inviteAgainLabel,
  mayResend,
  mayRevoke,
  personState,
  preparedForText,
  roleLabel,
  roleOptions,
  STATE_LABEL,
  type Person,
} from '../../src/admin/people/people.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const person = (fields: Partial<Person>): Person => ({ id: 'p1', email: 'ada@lender.example', role: 'user', is_registered: true, ...fields });

describe('a person in the console', () => {
  it('is labelled by the one access rule: revoked beats expired beats joined beats invited', () => {
    const label = (fields: Partial<Person>) => personState(person(fields), NOW).label;
    expect(label({ invited_at: '2026-11-01T00:00:00Z' })).toBe('Invited');
    expect(label({ joined_at: '2026-11-02T00:00:00Z' })).toBe('Joined');
    expect(label({ joined_at: '2026-11-02T00:00:00Z', expires_at: '2026-11-24T11:59:59Z' })).toBe('Expired');
    expect(label({ joined_at: '2026-11-02T00:00:00Z', expires_at: '2026-11-25T00:00:00Z' })).toBe('Joined');
    expect(label({ expires_at: '2026-01-01T00:00:00Z', revoked_at: '2026-11-20T00:00:00Z' })).toBe('Revoked');
    expect(label({ is_registered: false })).toBe('Not admitted');
    expect(Object.values(STATE_LABEL)).toHaveLength(5);
  });

  it('may get a fresh invitation only while invited and not joined', () => {
    expect(mayResend(person({}), NOW)).toBe(true);
    expect(mayResend(person({ joined_at: '2026-11-02T00:00:00Z' }), NOW)).toBe(false);
    expect(mayResend(person({ revoked_at: '2026-11-20T00:00:00Z' }), NOW)).toBe(false);
    expect(mayResend(person({ expires_at: '2026-11-01T00:00:00Z' }), NOW)).toBe(false);
  });

  it('may be revoked unless already revoked or the admin using the console', () => {
    expect(mayRevoke(person({}), 'admin-id')).toBe(true);
    expect(mayRevoke(person({ revoked_at: '2026-11-20T00:00:00Z' }), 'admin-id')).toBe(false);
    expect(mayRevoke(person({ id: 'admin-id' }), 'admin-id')).toBe(false);
  });

  it('shows roles and "Prepared for" in words', () => {
    expect(roleLabel('user')).toBe('Viewer');
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('auditor')).toBe('auditor');
    expect(roleOptions('auditor').map((option) => option.value)).toEqual(['user', 'admin', 'auditor']);
    expect(roleOptions('admin').map((option) => option.value)).toEqual(['user', 'admin']);
    expect(preparedForText({ name: 'Ada Lovelace', company: 'Lender Bank' })).toBe('Ada Lovelace, Lender Bank');
    expect(preparedForText({ name: 'Ada Lovelace' })).toBe('Ada Lovelace');
    expect(preparedForText(null)).toBe('');
  });
});

describe('inviting again', () => {
  it('is offered to revoked, expired and uninvited people, and not to anyone the platform would refuse as already invited', () => {
    expect(inviteAgainLabel(person({ revoked_at: '2026-11-20T00:00:00Z' }), NOW)).toBe('Invite again');
    expect(inviteAgainLabel(person({ expires_at: '2026-11-01T00:00:00Z' }), NOW)).toBe('Invite again');
    expect(inviteAgainLabel(person({ is_registered: false }), NOW)).toBe('Invite');
    expect(inviteAgainLabel(person({}), NOW)).toBeNull();
    expect(inviteAgainLabel(person({ joined_at: '2026-11-02T00:00:00Z' }), NOW)).toBeNull();
  });
});
