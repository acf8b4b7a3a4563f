import { DECK_PDF_STATUS_CALL, type DeckPdfStatus } from '../../schemas/engagementPaths.ts';

/** Where the platform is and who asks (a client's getConfig() and getToken()). */
export interface PdfStatusAsker {
  serverUrl: string;
  appId: string;
  token: string | null;
}

/**
 * DECK_PDF_STATUS_CALL: whether the stamped PDF is offered and exported. A plain fetch,
 * loaded only when the PDF is offered: the viewer's first visit carries none of it. Rejects when the
 * platform cannot say (the hosted platform lacks the call), which callers read as "not ready".
 */
export async function fetchPdfStatus({ serverUrl, appId, token }: PdfStatusAsker): Promise<DeckPdfStatus> {
  const reply = await fetch(`${serverUrl}/api/apps/${encodeURIComponent(appId)}${DECK_PDF_STATUS_CALL}`, {
    headers: { 'X-App-Id': appId, Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!reply.ok) throw new Error(`PDF status: ${reply.status}`);
  return (await reply.json()) as DeckPdfStatus;
}
