import { Hono } from 'hono';
import { VERSION_ENTITY } from '../../../../schemas/versionEntity.ts';
import { MAX_VERSION_NOTE } from '../../../../schemas/versionPaths.ts';
import { auditRequest } from '../../records/auditLog.ts';
import { listVersions, setVersionNote, viewerChanges } from '../../records/deckVersions.ts';
import { callerId, ENTITY_ACCESS, requireAllowed } from '../../records/entityAccess.ts';
import { readJson } from '../body.ts';
import { badRequest, HttpError, notFound } from '../../core/errors.ts';
import type { AppEnv } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';

const RULE = ENTITY_ACCESS[VERSION_ENTITY]!;

/** The note of a PUT body: a short trimmed string, or null (or "") to clear it; any other key is a 400. */
function noteOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('body', 'must be a JSON object such as {"note": "Q3 figures"}');
  for (const key of Object.keys(body)) if (key !== 'note') throw badRequest(key, 'is not a field of a version: only note may be set');
  const note = (body as { note?: unknown }).note;
  if (note === null) return null;
  if (typeof note !== 'string') throw badRequest('note', 'must be a string or null');
  const trimmed = note.trim();
  if (trimmed.length > MAX_VERSION_NOTE) throw badRequest('note', `must be at most ${MAX_VERSION_NOTE} characters`);
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw badRequest('note', 'must be one line without control characters');
  return trimmed === '' ? null : trimmed;
}

// Only the deck this platform serves has versions; another hosted app has none.
function servedVersionOf(ctx: PlatformContext, appId: string) {
  return appId === ctx.deckAppId ? (ctx.servedVersion ?? null) : null;
}

/**
 * Versions (mounted at VERSIONS_CALL, an entity's path the generic store leaves to it): admins list
 * them with their differences and set a note (the access table's DeckVersion rule).
 */
export function versionRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const versions = new Hono<AppEnv>();
  const served = (appId: string) => servedVersionOf(ctx, appId);

  versions.get('/', async (c) => {
    requireAllowed(RULE.read, c.get('caller'), VERSION_ENTITY, 'read');
    c.header('Cache-Control', 'no-store');
    return c.json(await listVersions(ctx.db, c.get('app').id, served(c.get('app').id)?.id ?? null));
  });

  versions.put('/:id', async (c) => {
    requireAllowed(RULE.update, c.get('caller'), VERSION_ENTITY, 'update');
    const note = noteOf(await readJson(c));
    const id = c.req.param('id');
    if (!(await setVersionNote(ctx.db, c.get('app').id, id, note))) throw notFound(`${VERSION_ENTITY} ${id} not found`);
    await auditRequest(ctx, c, {
      appId: c.get('app').id,
      action: 'version_note_set',
      actor: c.get('caller'),
      target: `${VERSION_ENTITY} ${id}`,
      detail: { note },
    });
    return c.json({ id, note });
  });

  versions.on(['POST', 'PATCH', 'DELETE'], ['/', '/*'], (c) => {
    requireAllowed(RULE.read, c.get('caller'), VERSION_ENTITY, 'read');
    throw new HttpError(405, { detail: `${VERSION_ENTITY} records are written by the platform; admins only set a note (PUT)`, code: 'method_not_allowed' });
  });
  return versions;
}

/** The function deckChanges (VERSION_CHANGES_FUNCTION, mounted at its name): any admitted viewer asks what changed since their own last visit. */
export function versionChangesRoute(ctx: PlatformContext): Hono<AppEnv> {
  const changes = new Hono<AppEnv>();
  changes.post('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const body = await readJson(c);
    const visitId = (body as { visit_id?: unknown } | null)?.visit_id;
    if (typeof visitId !== 'string' || !/^[A-Za-z0-9-]{8,64}$/.test(visitId))
      throw badRequest('visit_id', 'must be a visit id (letters, digits and -, 8 to 64 characters)');
    const viewer = callerId(c.get('caller'));
    const version = servedVersionOf(ctx, c.get('app').id);
    // The service role and people not signed in have no visits of their own; a deck without a ledger no versions.
    if (!viewer || !version) return c.json({});
    return c.json(await viewerChanges(ctx.db, c.get('app').id, viewer, version, visitId));
  });
  return changes;
}
