import { APP_ID_META } from '../../schemas/platformWire.ts';
import { Base44Error, createClient, readAppParams, type Base44Client } from '../sdk/index.ts';

/** The one client of the sign-in page: app id from `?app_id=`, else the page's meta tag, else storage. */
export function createLoginClient(): { client: Base44Client; fromUrl: string | null } {
  // The local platform writes the app id meta tag into the pages it serves (src/platform/http/staticDeck.ts).
  const meta = document.querySelector(`meta[name="${APP_ID_META}"]`)?.getAttribute('content') ?? null;
  const params = readAppParams({ defaults: { appId: meta } });
  const client = createClient({ serverUrl: params.serverUrl ?? '', appId: params.appId ?? '' });
  return { client, fromUrl: params.fromUrl };
}

// The server names the field first (`otp_code: is wrong or has expired`); people read a sentence.
const FIELD_NAMES: Record<string, string> = {
  email: 'The email address',
  password: 'The password',
  new_password: 'The new password',
  current_password: 'The current password',
  otp_code: 'The code',
  reset_token: 'This reset link',
  invite_token: 'This invitation link',
};

/** Turns `field: problem` into `The field problem`; other messages pass through. */
export function humanizeDetail(detail: string): string {
  const match = /^([a-z_]+): (.+)$/.exec(detail);
  const name = match ? FIELD_NAMES[match[1]!] : undefined;
  return name ? `${name} ${match![2]}.`.replace(/\.\.$/, '.') : detail;
}

/** The field a 400 names (`extra_data.field`, else the detail's `field:` prefix), or null. */
export function errorField(error: unknown): string | null {
  if (!(error instanceof Base44Error) || error.status !== 400) return null;
  const data = error.data as { extra_data?: { field?: unknown } } | null;
  if (typeof data?.extra_data?.field === 'string') return data.extra_data.field;
  return /^([a-z_]+): /.exec(error.message)?.[1] ?? null;
}

/** A sentence for the person at the form, from whatever a call rejected with. */
export function describeError(error: unknown): string {
  if (error instanceof Base44Error) {
    if (error.status === 429) return error.message || 'Too many attempts. Wait a few minutes and try again.';
    if (error.status === undefined) return 'The server could not be reached. Check your connection and try again.';
    return error.message ? humanizeDetail(error.message) : 'Something went wrong. Try again.';
  }
  return error instanceof Error ? error.message : 'Something went wrong. Try again.';
}
