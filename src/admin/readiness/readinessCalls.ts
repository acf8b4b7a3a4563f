import { type Readiness, READINESS_CALL, TEST_MAIL_CALL } from '../../../schemas/readinessWire.ts';
import type { Base44Client } from '../../sdk/index.ts';

// The "Ready to share" calls: plain requests from the console's own chunk, so no viewer's first
// visit carries them (the SDK's modules ride along in every visit).

async function call(client: Base44Client, method: 'GET' | 'POST', path: string): Promise<Readiness> {
  const { serverUrl, appId } = client.getConfig();
  const token = client.getToken();
  const reply = await fetch(`${serverUrl}/api/apps/${encodeURIComponent(appId)}${path}`, {
    method,
    headers: { 'X-App-Id': appId, Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  const body = (await reply.json().catch(() => null)) as (Readiness & { detail?: string }) | null;
  if (!reply.ok || !body) throw new Error(body?.detail ?? `The platform answered ${reply.status}`);
  return body;
}

/** The checklist for the admin signed in. */
export const fetchReadiness = (client: Base44Client) => call(client, 'GET', READINESS_CALL);

/** Mails the admin a test message; answers with the checklist after it. */
export const sendTestMail = (client: Base44Client) => call(client, 'POST', TEST_MAIL_CALL);
