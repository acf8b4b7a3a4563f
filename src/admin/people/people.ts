import { accessState, type AccessFields, type AccessState } from '../../../schemas/accessPaths.ts';
import type { PreparedFor } from '../../../schemas/accessWire.ts';

/** A person as the console lists them: a User record with the access fields admins see. */
export interface Person extends AccessFields {
  id: string;
  email: string;
  full_name?: string | null;
  created_date?: string;
}

/** The words the console shows for each access state. */
export const STATE_LABEL: Readonly<Record<AccessState, string>> = {
  invited: 'Invited',
  joined: 'Joined',
  expired: 'Expired',
  revoked: 'Revoked',
  not_admitted: 'Not admitted',
};

/** A person's state and its label, by the one rule the gate also uses (accessState). */
export function personState(person: Person, now: Date = new Date()): { state: AccessState; label: string } {
  const state = accessState(person, now);
  return { state, label: STATE_LABEL[state] };
}

/** The roles the console offers; the platform's own `user` is what people call a viewer. */
export const ROLE_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'user', label: 'Viewer' },
  { value: 'admin', label: 'Admin' },
];

/** The role choices for a person: the usual two, plus their own role when it is another. */
export function roleOptions(current: string | undefined): ReadonlyArray<{ value: string; label: string }> {
  return !current || ROLE_OPTIONS.some((option) => option.value === current) ? ROLE_OPTIONS : [...ROLE_OPTIONS, { value: current, label: current }];
}

/** "Viewer" for `user`, "Admin" for `admin`, any other role as it is spelled. */
export function roleLabel(role: string | undefined): string {
  return ROLE_OPTIONS.find((option) => option.value === role)?.label ?? role ?? 'Viewer';
}

/** "Name, Company", "Name", or an empty string. */
export function preparedForText(preparedFor: PreparedFor | null | undefined): string {
  if (!preparedFor?.name) return '';
  return preparedFor.company ? `${preparedFor.name}, ${preparedFor.company}` : preparedFor.name;
}

/** Whom the console may resend an invitation: invited and not yet joined. */
export const mayResend = (person: Person, now: Date = new Date()): boolean => accessState(person, now) === 'invited';

/** Whom the invite form may invite (again): people the platform re-invites rather than refuses as already invited. */
export function inviteAgainLabel(person: Person, now: Date = new Date()): string | null {
  const state = accessState(person, now);
  if (state === 'not_admitted') return 'Invite';
  return state === 'revoked' || state === 'expired' ? 'Invite again' : null;
}

/** Whom the console may revoke: anyone not already revoked, except the admin using it. */
export const mayRevoke = (person: Person, selfId: string | undefined): boolean => !person.revoked_at && person.id !== selfId;
