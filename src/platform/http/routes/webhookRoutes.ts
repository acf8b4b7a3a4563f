import { Hono } from 'hono';
import { z } from 'zod';
import type { WebhookState } from '../../../../schemas/newsPaths.ts';
import { type AppEnv, adminOnly } from '../../identity/admission.ts';
import { removeWebhook, setWebhook, webhookState, webhookUrlOf } from '../../news/webhookStore.ts';
import { actorOf, auditRequest } from '../../records/auditLog.ts';
import { readJson, validate } from '../body.ts';
import type { PlatformContext } from '../platformContext.ts';

const WebhookChange = z.object({ url: z.unknown().optional(), new_secret: z.boolean().optional() }).strict();

// The address's origin and path without its query, which may carry a receiver's token: what the audit log keeps.
const auditedUrl = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
};

/** WEBHOOK_CALL: the deck's webhook, read, set and removed by admins; every change audited. Mounted at WEBHOOK_CALL. */
export function webhookRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', adminOnly('read the webhook'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await webhookState(ctx.db, c.get('app').id));
  });
  routes.put('/', adminOnly('set the webhook'), async (c) => {
    const app = c.get('app');
    const change = validate(WebhookChange, await readJson(c));
    const url = webhookUrlOf(change.url);
    const actor = actorOf(c.get('caller')) ?? 'service';
    const secret = await setWebhook(ctx.db, app.id, url, actor, change.new_secret ?? false);
    await auditRequest(ctx, c, {
      appId: app.id,
      action: 'webhook_set',
      actor: c.get('caller'),
      target: auditedUrl(url),
      detail: { new_secret: secret !== null },
    });
    c.header('Cache-Control', 'no-store');
    const state: WebhookState = await webhookState(ctx.db, app.id);
    return c.json(secret ? { ...state, secret } : state);
  });
  routes.delete('/', adminOnly('remove the webhook'), async (c) => {
    const app = c.get('app');
    const before = await webhookState(ctx.db, app.id);
    if (await removeWebhook(ctx.db, app.id)) {
      await auditRequest(ctx, c, { appId: app.id, action: 'webhook_removed', actor: c.get('caller'), target: before.url ? auditedUrl(before.url) : null });
    }
    return c.json(await webhookState(ctx.db, app.id));
  });
  return routes;
}
