import { Hono } from 'hono';
import { z } from 'zod';
import { bearerToken } from '../../identity/access.ts';
import { readJson, validate } from '../body.ts';
import { resetLinkStatus } from '../../identity/codes.ts';
import type { AppEnv } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';
import { sessionStatus } from '../../identity/tokens.ts';

const ResetStatusBody = z.object({ reset_token: z.string().min(1).max(200) }).strict();

/**
 * STATUS_CALL resetStatus and sessionStatus (schemas/statusPaths.ts): what a reset link is worth before a password
 * is typed, and why an open deck's session ended. Neither changes anything, and each speaks only of
 * the secret presented (a token or link the caller already holds). The auth group mounts it.
 */
export function endedStatusRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const auth = new Hono<AppEnv>();
  auth.post('/reset-status', async (c) => {
    const body = validate(ResetStatusBody, await readJson(c));
    return c.json(await resetLinkStatus(ctx.db, c.get('app').id, body.reset_token));
  });

  auth.post('/session-status', async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) return c.json({ state: 'ended', reason: 'unknown' });
    return c.json(await sessionStatus(ctx.db, token, c.get('app').id));
  });
  return auth;
}
