import type { FollowState } from '../../schemas/presentingPaths.ts';

/** The FollowState a room update carried, or null for anything else (the follower trusts no shape). */
export function followStateOf(data: unknown): FollowState | null {
  if (typeof data !== 'object' || data === null) return null;
  const { path, presenter, at } = data as Record<string, unknown>;
  if (path !== null && (typeof path !== 'string' || !/^\/[a-z0-9-]*$/.test(path))) return null;
  return { path, presenter: typeof presenter === 'string' ? presenter : null, at: typeof at === 'string' ? at : null };
}
