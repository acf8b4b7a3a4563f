import { Hono } from 'hono';
import { z } from 'zod';
import type { NewsSettings } from '../../../../schemas/newsPaths.ts';
import { requireUser } from '../../identity/access.ts';
import { type AppEnv, adminOnly } from '../../identity/admission.ts';
import { chooseNewsMail, mailsNews } from '../../news/newsPrefs.ts';
import { auditRequest } from '../../records/auditLog.ts';
import { readJson, validate } from '../body.ts';
import type { PlatformContext } from '../platformContext.ts';

const NewsChoice = z.object({ mail: z.boolean() }).strict();

/** NEWS_CALL: the signed-in admin's own choice of the owners' mail, read and set. Mounted at NEWS_CALL. */
export function newsRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', adminOnly('read the owners’ mail settings'), async (c) => {
    const user = requireUser(c.get('caller'));
    c.header('Cache-Control', 'no-store');
    return c.json({ mail: await mailsNews(ctx.db, c.get('app').id, user.id) } satisfies NewsSettings);
  });
  routes.put('/', adminOnly('change the owners’ mail settings'), async (c) => {
    const app = c.get('app');
    const user = requireUser(c.get('caller'));
    const { mail } = validate(NewsChoice, await readJson(c));
    if (await chooseNewsMail(ctx.db, app.id, user.id, mail)) {
      await auditRequest(ctx, c, { appId: app.id, action: 'owner_mail_changed', actor: user.email, target: user.email, detail: { mail: mail ? 'on' : 'off' } });
    }
    return c.json({ mail } satisfies NewsSettings);
  });
  return routes;
}
