import type { AppEnv } from '../../identity/admission.ts';
import { Hono } from 'hono';
import { HttpError, notFound } from '../../core/errors.ts';
import { paramExcept } from './pathParam.ts';

/** Where the SDK asks for a WhatsApp connection: GET /whatsapp/{appId}/{agent} (agents.getWhatsAppConnectURL). */
export const WHATSAPP_PATH = '/whatsapp';

/** GET WHATSAPP_PATH/* (mounted there): messaging runs on the hosted platform only. */
export function whatsAppNotProvided(): Hono {
  const whatsApp = new Hono();
  whatsApp.get('/*', () => {
    throw new HttpError(404, { detail: 'The local platform does not provide WhatsApp connections for agents', code: 'not_provided' });
  });
  return whatsApp;
}

// Backend functions and integrations run on the hosted platform only. Answering 404 (after the
// gate) tells the caller plainly; a fake success would hide a missing feature.

/** POST /functions/{name} for every name but `provided` (mounted at /functions; each provided one at its own name). */
export function functionsNotProvided(provided: readonly string[]): Hono<AppEnv> {
  const missing = new Hono<AppEnv>();
  missing.post(`/${paramExcept('name', provided)}`, (c) => {
    throw notFound(`The local platform does not provide backend functions (function ${c.req.param('name')})`, 'not_provided');
  });
  return missing;
}

/** POST /integration-endpoints/* (mounted there). */
export function integrationsNotProvided(): Hono<AppEnv> {
  const missing = new Hono<AppEnv>();
  missing.post('/*', (c) => {
    const name = c.req.path.split('/integration-endpoints/').slice(1).join('/');
    throw notFound(`The local platform does not provide integrations (${name})`, 'not_provided');
  });
  return missing;
}
