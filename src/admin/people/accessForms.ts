import type { AccessPatch, InviteBody, PreparedFor } from '../../../schemas/accessWire.ts';
import type { z } from 'zod';
import { dateInputValue } from '../timeText.ts';
import type { Person } from './people.ts';

/** What the invite form holds: its inputs' strings. */
export type InviteValues = {
  user_email: string;
  role: string;
  expires_at: string;
  name: string;
  company: string;
};

/** The edit dialog's inputs. */
export type PersonValues = {
  full_name: string;
  role: string;
  expires_at: string;
  name: string;
  company: string;
};

export const EMPTY_INVITE: InviteValues = { user_email: '', role: 'user', expires_at: '', name: '', company: '' };

// Sent whenever either box has text, so a company without a name reaches the platform, whose 400
// names `prepared_for.name`: the console does not keep a second copy of the rules.
function preparedFor(name: string, company: string): PreparedFor | null {
  if (!name.trim() && !company.trim()) return null;
  return { name: name.trim(), ...(company.trim() ? { company: company.trim() } : {}) };
}

/** The invite call's body: empty optional boxes are left out. */
export function inviteBody(values: InviteValues): InviteBody {
  const prepared = preparedFor(values.name, values.company);
  return {
    user_email: values.user_email.trim(),
    role: values.role,
    ...(values.expires_at ? { expires_at: values.expires_at } : {}),
    ...(prepared ? { prepared_for: prepared } : {}),
  };
}

/** The invite form filled in for someone invited before (revoked, expired) or who signed up uninvited. */
export function inviteValuesFor(person: Person): InviteValues {
  return {
    user_email: person.email,
    role: person.role ?? 'user',
    expires_at: '',
    name: person.prepared_for?.name ?? '',
    company: person.prepared_for?.company ?? '',
  };
}

/** The edit dialog's starting values for a person. */
export function personValues(person: Person): PersonValues {
  return {
    full_name: person.full_name ?? '',
    role: person.role ?? 'user',
    expires_at: dateInputValue(person.expires_at),
    name: person.prepared_for?.name ?? '',
    company: person.prepared_for?.company ?? '',
  };
}

/** Only what the admin changed, as an AccessPatch; an emptied box clears its field (null). */
export function accessPatch(before: PersonValues, after: PersonValues): z.input<typeof AccessPatch> {
  const patch: z.input<typeof AccessPatch> = {};
  if (after.full_name.trim() !== before.full_name.trim()) patch.full_name = after.full_name.trim() || null;
  if (after.role !== before.role) patch.role = after.role;
  if (after.expires_at !== before.expires_at) patch.expires_at = after.expires_at || null;
  if (after.name.trim() !== before.name.trim() || after.company.trim() !== before.company.trim()) {
    patch.prepared_for = preparedFor(after.name, after.company);
  }
  return patch;
}
