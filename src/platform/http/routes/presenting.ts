import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { NOTES_DIR, NOTES_FILE, PRESENTING_CALL } from '../../../../schemas/presentingPaths.ts';
import { adminOnly, type AppEnv } from '../../identity/admission.ts';
import { readJson } from '../body.ts';
import { followBoardOf } from '../../live/follow.ts';
import { auditRequest, requestOrigin } from '../../records/auditLog.ts';
import type { PlatformContext } from '../platformContext.ts';

/** Where the build wrote the speaker notes: NOTES_DIR beside the served folder, never inside it. */
export function notesFileOf(staticDir: string): string {
  return join(staticDir, '..', NOTES_DIR, NOTES_FILE);
}

/** Where the presenting calls are mounted: the prefix every PRESENTING_CALL shares. */
export const PRESENTING_PREFIX = '/presenting';

// A call's path below PRESENTING_PREFIX.
const below = (call: string) => call.slice(PRESENTING_PREFIX.length);

/**
 * The presenting calls (mounted at PRESENTING_PREFIX), admins only: the speaker notes the build kept out of every served file,
 * and the follow-me drive (the same board the socket's FOLLOW_DRIVE_EVENT moves).
 */
export function presentingRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const presenting = new Hono<AppEnv>();
  presenting.get(below(PRESENTING_CALL.notes), adminOnly('read the speaker notes'), async (c) => {
    c.header('Cache-Control', 'no-store');
    const notes = await readNotes(notesFileOf(ctx.staticDir), ctx.log);
    await auditRequest(ctx, c, {
      appId: c.get('app').id,
      action: 'speaker_notes_viewed',
      actor: c.get('caller'),
      detail: { pages: Object.keys(notes).length },
    });
    return c.json({ notes });
  });

  presenting.post(below(PRESENTING_CALL.drive), adminOnly('drive the presentation'), async (c) => {
    const state = await followBoardOf(ctx).drive(c.get('app').id, c.get('caller'), await readJson(c), undefined, requestOrigin(ctx, c));
    return c.json(state.path === null ? { stopped: true } : { path: state.path, presenter: state.presenter });
  });
  return presenting;
}

// Read at each request (a few KB): a rebuild's notes show without a restart.
async function readNotes(file: string, log: (line: string) => void): Promise<Record<string, string>> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    }
    log(`[platform] ${file} is not a notes object; presenting without notes`);
  } catch (error) {
    // No build yet (or a deck without notes): the presenter view says there are none.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`[platform] cannot read ${file}: ${(error as Error).message}`);
  }
  return {};
}
