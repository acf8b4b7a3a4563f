import { ENGAGEMENT_ENTITY } from '../../../schemas/engagementPaths.ts';
import type { ServedVersion } from '../records/deckVersions.ts';
import type { EntityHooks } from '../records/entityHooks.ts';

/** What engagement reads when it is registered: the store's hooks, the app whose deck this process serves and the version it serves. */
export interface EngagementContext {
  entityHooks: EntityHooks;
  deckAppId: string;
  /** Recorded at start (deckVersions.ts), read at each create; null or absent without a ledger. */
  servedVersion?: ServedVersion | null;
}

/**
 * Registers engagement's rules on the generic entity store: a view record of the served deck names
 * the version it was read on, which only the platform knows (the console's "which version each
 * viewer last saw", and the SlideView sums of engagementSchema.ts). Returns the undo.
 */
export function registerEngagement(ctx: EngagementContext): () => void {
  return ctx.entityHooks.onCreate(ENGAGEMENT_ENTITY.view, (appId, rows) => {
    const version = appId === ctx.deckAppId ? ctx.servedVersion?.id : undefined;
    return version ? rows.map((row) => ({ ...row, version_id: version })) : rows;
  });
}
