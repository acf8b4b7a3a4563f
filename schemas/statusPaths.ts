// Calls that explain an end: why an open deck's session ended, what a reset link is
// worth. Only the ended screen and the sign-in page ask, so these paths stay out of the files a
// first visit loads (accessPaths.ts is in every page's first chunk). The answers' shapes are in
// accessPaths.ts. Both are the local platform's own calls below `/api/apps/{appId}`.

export const STATUS_CALL = {
  /** POST `{ reset_token }` → ResetStatus: a used or dead reset link explains itself before any password is typed. */
  resetStatus: '/auth/reset-status',
  /** POST with the session's (possibly dead) bearer token → SessionStatus: why an open deck's session ended. */
  sessionStatus: '/auth/session-status',
} as const;
