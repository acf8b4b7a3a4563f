import { Hono } from 'hono';
import { READINESS_CALL, TEST_MAIL_CALL } from '../../../../schemas/readinessWire.ts';
import { requireUser } from '../../identity/access.ts';
import { auditRequest } from '../../records/auditLog.ts';
import { readinessOf } from '../../setup/readiness.ts';
import { readinessFacts } from '../../setup/readinessFacts.ts';
import { sendTestMail } from '../../setup/testMail.ts';
import { type AppEnv, adminOnly } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';

/** READINESS_CALL and TEST_MAIL_CALL (admins with an account: the list is about the admin who asks). Mounted at READINESS_CALL. */
export function readinessRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', adminOnly('read the "Ready to share" list'), async (c) => {
    const app = c.get('app');
    c.header('Cache-Control', 'no-store');
    return c.json(readinessOf(await readinessFacts(ctx, app.id, requireUser(c.get('caller')))));
  });
  routes.post(TEST_MAIL_CALL.slice(READINESS_CALL.length), adminOnly('send a test mail'), async (c) => {
    const app = c.get('app');
    const user = requireUser(c.get('caller'));
    await sendTestMail(ctx, app.id, user);
    await auditRequest(ctx, c, { appId: app.id, action: 'test_mail_sent', actor: user.email, target: user.email });
    return c.json(readinessOf(await readinessFacts(ctx, app.id, user)));
  });
  return routes;
}
