import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../schemas/auditActions.ts';
import { AUDIT_ACTION_OPTIONS, auditActionLabel, auditDetailText } from '../../src/admin/auditText.ts';

describe('the audit log in the console', () => {
  it('names every action and offers each in the filter after "All actions"', () => {
    expect(auditActionLabel('sign_in_failed')).toBe('Sign-in failed');
    expect(auditActionLabel('something_new')).toBe('something_new');
    expect(AUDIT_ACTION_OPTIONS[0]).toEqual({ value: '', label: 'All actions' });
    expect(AUDIT_ACTION_OPTIONS.slice(1).map((option) => option.value)).toEqual(Object.keys(AUDIT_ACTIONS));
  });

  it('shows an entry’s detail on one line: a change as from → to, the rest by name', () => {
    expect(auditDetailText({ from: 'user', to: 'admin' })).toBe('user → admin');
    expect(auditDetailText({ from: 'user', to: 'admin' }, 'role_changed'), 'a role in the console’s words').toBe('Viewer → Admin');
    expect(auditDetailText({ role: 'user', prepared_for: null }, 'invitation_sent')).toBe('role: Viewer; prepared for: none');
    expect(auditDetailText({ domain: '@fund.example', role: 'admin' }, 'domain_added')).toBe('domain: @fund.example; role: Admin');
    expect(auditDetailText({ from: null, to: { name: 'Bo', company: 'Lender Inc.' } })).toBe('none → name Bo, company Lender Inc.');
    expect(auditDetailText({ reason: 'wrong email or password' })).toBe('reason: wrong email or password');
    expect(auditDetailText({ status: 'handled', asked_by: 'dee@x.example' })).toBe('status: handled; asked by: dee@x.example');
    expect(auditDetailText({})).toBe('');
  });
});
