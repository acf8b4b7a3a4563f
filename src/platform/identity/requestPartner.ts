import type { Context } from 'hono';
import type { ViewerPartner } from '../../../schemas/viewerPartner.ts';
import { ownPartner } from '../../../schemas/partnerValues.ts';
import { VIEW_AS_PARAM } from '../../../schemas/viewAs.ts';
import { type Caller, isAdmin } from './access.ts';
import type { Queryable } from '../db/db.ts';
import { findUserById, type UserRow } from './users.ts';

/** What a request's partner is read from: the people, and the deck-wide partner (deck.yaml `partner`, null when not configured). */
export interface PartnerContext {
  db: Queryable;
  deckPartner: ViewerPartner | null;
}

/** The partner `user` is pitched as: their own Prepared-for, else the deck-wide partner (null when neither is set). */
export function partnerOf(ctx: Pick<PartnerContext, 'deckPartner'>, user: Pick<UserRow, 'prepared_for'> | null): ViewerPartner | null {
  return ownPartner(user?.prepared_for) ?? ctx.deckPartner;
}

/**
 * The person an admin asked to see the deck as (`?view_as=USER_ID`), or null: only an
 * admin's request counts, and only for a person of this app. Anyone else's `view_as` is ignored, so
 * it can never show one partner another's name.
 */
export async function viewedPerson(ctx: Pick<PartnerContext, 'db'>, c: Context, appId: string, caller: Caller): Promise<UserRow | null> {
  const id = c.req.query(VIEW_AS_PARAM);
  if (!id || !isAdmin(caller) || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  return findUserById(ctx.db, appId, id);
}

/** The partner a page or PDF is made for: the viewed person's for an admin's "View as", else the caller's own. */
export async function requestPartner(ctx: PartnerContext, c: Context, appId: string, caller: Caller): Promise<ViewerPartner | null> {
  const viewed = await viewedPerson(ctx, c, appId, caller);
  if (viewed) {
    const partner = partnerOf(ctx, viewed);
    return partner && { ...partner, viewing: viewed.email };
  }
  return partnerOf(ctx, caller.kind === 'user' ? caller.user : null);
}
