import { describe, expect, it } from 'vitest';
import { InviteBody } from '../../schemas/accessWire.ts';
import { accessPatch, EMPTY_INVITE, inviteBody, inviteValuesFor, personValues } from '../../src/admin/people/accessForms.ts';

describe('the invite form → the invite call', () => {
  it('leaves empty optional boxes out, so the platform applies its defaults', () => {
    const body = inviteBody({ ...EMPTY_INVITE, user_email: '  ada@lender.example ' });
    expect(body).toEqual({ user_email: 'ada@lender.example', role: 'user' });
    expect(InviteBody.safeParse(body).success).toBe(true);
  });

  it('sends the expiry day and "Prepared for" as the contract spells them', () => {
    const body = inviteBody({ user_email: 'ada@lender.example', role: 'admin', expires_at: '2027-01-31', name: ' Ada ', company: 'Lender Bank' });
    expect(body).toEqual({ user_email: 'ada@lender.example', role: 'admin', expires_at: '2027-01-31', prepared_for: { name: 'Ada', company: 'Lender Bank' } });
    expect(InviteBody.safeParse(body).success).toBe(true);
  });

  it('sends a company without a name, so the platform names prepared_for.name', () => {
    const body = inviteBody({ ...EMPTY_INVITE, user_email: 'ada@lender.example', company: 'Lender Bank' });
    expect(body.prepared_for).toEqual({ name: '', company: 'Lender Bank' });
    const parsed = InviteBody.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['prepared_for', 'name']);
  });
});

describe('the edit dialog → an AccessPatch', () => {
  const person = {
    id: 'p1',
    email: 'ada@lender.example',
    full_name: 'Ada',
    role: 'user',
    expires_at: '2027-01-31T23:59:59.999Z',
    prepared_for: { name: 'Ada', company: 'Lender Bank' },
  };

  it('starts from the person: the expiry as its UTC day', () => {
    expect(personValues(person)).toEqual({ full_name: 'Ada', role: 'user', expires_at: '2027-01-31', name: 'Ada', company: 'Lender Bank' });
  });

  it('holds only what changed; an emptied box clears its field', () => {
    const before = personValues(person);
    expect(accessPatch(before, before)).toEqual({});
    expect(accessPatch(before, { ...before, role: 'admin', expires_at: '' })).toEqual({ role: 'admin', expires_at: null });
    expect(accessPatch(before, { ...before, name: '', company: '' })).toEqual({ prepared_for: null });
    expect(accessPatch(before, { ...before, company: 'Other Bank' })).toEqual({ prepared_for: { name: 'Ada', company: 'Other Bank' } });
    expect(accessPatch(before, { ...before, full_name: ' ' })).toEqual({ full_name: null });
  });
});

describe('inviting someone again', () => {
  it('fills the form with their address, role and "Prepared for", and no expiry (the old one has passed)', () => {
    const values = inviteValuesFor({ id: 'p1', email: 'ada@lender.example', role: 'admin', expires_at: '2026-01-01', prepared_for: { name: 'Ada' } });
    expect(values).toEqual({ user_email: 'ada@lender.example', role: 'admin', expires_at: '', name: 'Ada', company: '' });
  });
});
