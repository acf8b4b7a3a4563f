// What a signed-in viewer runs on the platform, as one chunk: the session (app start, access guard)
// and engagement (options, presence, recorder). They load together with one request, where three
// chunks fetched one after another used to (the first-visit budget counts every response).
export { startPlatformSession } from '../auth/platformSession.ts';
export { default as Engagement } from '../engagement/Engagement.tsx';
