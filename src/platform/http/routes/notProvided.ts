import type { Hono } from 'hono';
import { HttpError } from '../errors.ts';
import { notFound } from '../errors.ts';
import type { AppEnv } from '../httpTypes.ts';

/** GET /whatsapp/{appId}/{agent} (agents.getWhatsAppConnectURL): messaging runs on the hosted platform only. */
export function registerWhatsAppNotProvided(app: Hono): void {
  app.get('/whatsapp/*', () => {
    throw new HttpError(404, { detail: 'The local platform does not provide WhatsApp connections for agents', code: 'not_provided' });
  });
}

/**
 * Backend functions and integrations run on the hosted platform only. Answering 404 (after the
 * gate) tells the caller plainly; a fake success would hide a missing feature (issue 6).
 */
export function registerNotProvidedRoutes(api: Hono<AppEnv>): void {
  api.post('/functions/:name', (c) => {
    throw notFound(`The local platform does not provide backend functions (function ${c.req.param('name')})`, 'not_provided');
  });
  api.post('/integration-endpoints/*', (c) => {
    const name = c.req.path.split('/integration-endpoints/').slice(1).join('/');
    throw notFound(`The local platform does not provide integrations (${name})`, 'not_provided');
  });
}
