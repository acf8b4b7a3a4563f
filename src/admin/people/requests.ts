import type { RequestStatus } from '../../../schemas/accessPaths.ts';
import type { ConsultationStatus } from '../../../schemas/accessWire.ts';

/** An AccessRequest record: a signed-in person nobody invited asks for access. */
export interface AccessRequestRecord {
  id: string;
  email?: string;
  full_name?: string | null;
  message?: string | null;
  status?: RequestStatus;
  decided_at?: string | null;
  decided_by?: string | null;
  created_date?: string;
}

/** A ConsultationRequest record from the contact page. */
export interface ConsultationRecord {
  id: string;
  email?: string;
  full_name?: string | null;
  preferred_times?: string;
  message?: string | null;
  status?: ConsultationStatus;
  created_date?: string;
  created_by?: string;
}

/** Pending requests (newest first) apart from decided ones, which the console lists below them. */
export function splitRequests(records: readonly AccessRequestRecord[]): { pending: AccessRequestRecord[]; decided: AccessRequestRecord[] } {
  const pending = records.filter((record) => (record.status ?? 'pending') === 'pending');
  const decided = records.filter((record) => (record.status ?? 'pending') !== 'pending');
  return { pending, decided };
}

/** "Approved", "Declined", "Pending"; a consultation's "New" and "Handled". */
export function statusLabel(status: string | undefined): string {
  const value = status || 'pending';
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** Who sent a request: "Name <email>", or the email alone. */
export function requester(record: { email?: string | undefined; full_name?: string | null | undefined; created_by?: string | undefined }): string {
  const email = record.email ?? record.created_by ?? 'someone';
  return record.full_name ? `${record.full_name} <${email}>` : email;
}
