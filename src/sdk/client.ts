import type { AccessModule } from './access.ts';
import { createAgentsModule, type AgentsModule } from './agents.ts';
import { createAuthModule, type AuthModule } from './auth.ts';
import { createEntitiesModule, isProbe, type EntitiesModule, type EntityTypes } from './entities.ts';
import { Base44Error } from './errors.ts';
import { createFunctionsModule, type FunctionsModule } from './functions.ts';
import { resolveGlobals, type BrowserGlobals } from './globals.ts';
import { createHttp, type Http } from './http.ts';
import { createIntegrationsModule, type IntegrationsModule } from './integrations.ts';
import { createRealtime, type Realtime, type SocketTuning } from './realtime.ts';
import { createSession, type Session } from './session.ts';
import { createSsoModule, type SsoModule } from './sso.ts';
import { createTokenStore, pickUpToken } from './tokenStore.ts';

/** Called with every Base44Error a request rejects with. */
export type ErrorListener = (error: Base44Error) => void;

/** Client configuration plus injectable browser globals, a timeout and a client-wide signal. */
export interface ClientConfig extends BrowserGlobals {
  /** Origin of the platform; `''` (the default) means same origin. */
  serverUrl?: string;
  appId: string;
  token?: string | null;
  serviceToken?: string | null;
  /** Sends the user to the login page when `me` fails right after creation (browser only). */
  requiresAuth?: boolean;
  /** Where `/login` lives; `''` means same origin. */
  appBaseUrl?: string;
  functionsVersion?: string | null;
  /** Extra headers on every request; X-App-Id and Authorization win over them. */
  headers?: Record<string, string>;
  options?: { onError?: ErrorListener };
  /** Request timeout in ms; default none. */
  timeout?: number;
  /** Aborts every in-flight and later request of this client (e.g. on unmount). Per call: see RequestOptions. */
  signal?: AbortSignal;
  /** socket.io reconnect tuning; socket.io's defaults otherwise. */
  socket?: SocketTuning;
}

/** What `asServiceRole` gives: no auth module, everything sent with the service token. */
export interface ServiceRoleClient<M extends object = EntityTypes> {
  entities: EntitiesModule<M>;
  integrations: IntegrationsModule;
  sso: SsoModule;
  functions: FunctionsModule;
  agents: AgentsModule;
  cleanup(): void;
}

/** The configuration a client reports (no tokens). */
export interface ClientInfo {
  serverUrl: string;
  appId: string;
  requiresAuth: boolean;
  appBaseUrl: string;
  functionsVersion: string | null;
}

/** The platform client; same surface as the published `@base44/sdk` client. */
export interface Base44Client<M extends object = EntityTypes> {
  entities: EntitiesModule<M>;
  integrations: IntegrationsModule;
  auth: AuthModule;
  functions: FunctionsModule;
  agents: AgentsModule;
  /** Invitations, revocation and requests: the local platform's calls. */
  access: AccessModule;
  /** Any socket room the caller may join, e.g. the admins' presence room; same socket as entity rooms. */
  realtime: Pick<Realtime, 'subscribe'>;
  setToken(token: string): void;
  /** The current user token, if any (startApp reads it). */
  getToken(): string | null;
  getConfig(): ClientInfo;
  /** Closes the sockets; the HTTP side needs no cleanup. */
  cleanup(): void;
  readonly asServiceRole: ServiceRoleClient<M>;
}

const SERVICE_TOKEN_REQUIRED = 'Service token is required to use asServiceRole. Please provide a serviceToken when creating the client.';

/**
 * The access calls (invitations, revocation, access requests, the audit log) load on first use: every
 * one returns a promise, so loading first changes nothing for the caller, and a partner's page, which
 * never makes one, does not carry them in its first visit.
 */
function lazyAccess(http: Http, session: Session): AccessModule {
  let loaded: Promise<AccessModule> | undefined;
  const load = () => (loaded ??= import('./access.ts').then((module) => module.createAccessModule(http, session)));
  return new Proxy({} as AccessModule, {
    get(_target, name) {
      if (isProbe(name)) return undefined;
      return (...args: unknown[]) => load().then((access) => (access[name as keyof AccessModule] as (...given: unknown[]) => unknown)(...args));
    },
  });
}

/** Creates a client; `onError` from `config.options` (as published) or the 2nd argument; `M` types entity names. */
export function createClient<M extends object = EntityTypes>(config: ClientConfig, extra: { onError?: ErrorListener } = {}): Base44Client<M> {
  const { appId, serviceToken, requiresAuth = false, appBaseUrl = '', functionsVersion, headers } = config;
  const serverUrl = (config.serverUrl ?? '').replace(/\/+$/, '');
  const onError = config.options?.onError ?? extra.onError;
  const globals = resolveGlobals(config);
  const store = createTokenStore(globals.storage);
  // Only a page has an address and storage to pick a token up from; in Node both are absent.
  const session = createSession(config.token || pickUpToken(store, globals.location(), globals.history()), store);
  if (config.token) store.set(config.token);

  const channel = (getToken: () => string | null): Http =>
    createHttp({ serverUrl, appId, headers, getToken, globals, onError, timeout: config.timeout, signal: config.signal });
  const socket = (getToken: () => string | null): Realtime => createRealtime({ serverUrl, appId, getToken, logger: globals.logger, tuning: config.socket });

  const http = channel(session.getToken);
  const realtime = socket(session.getToken);
  // Both setToken paths and logout land here, so the socket always follows the token (in the published client logout left it on the socket and functions).
  session.onChange(() => realtime.tokenChanged());

  let serviceRole: ServiceRoleClient<M> | undefined;
  let serviceRealtime: Realtime | undefined;
  const buildServiceRole = (token: string): ServiceRoleClient<M> => {
    const serviceHttp = channel(() => token);
    serviceRealtime = socket(() => token);
    const sr = serviceRealtime;
    return {
      entities: createEntitiesModule<M>(serviceHttp, sr, appId),
      integrations: createIntegrationsModule(serviceHttp),
      sso: createSsoModule(serviceHttp, session.getToken),
      functions: createFunctionsModule(serviceHttp, functionsVersion ?? undefined),
      agents: createAgentsModule({ http: serviceHttp, realtime: sr, serverUrl, appId, getToken: () => token }),
      cleanup: () => sr.cleanup(),
    };
  };

  const client: Base44Client<M> = {
    entities: createEntitiesModule<M>(http, realtime, appId),
    integrations: createIntegrationsModule(http),
    auth: createAuthModule({ http, session, globals, appBaseUrl }),
    functions: createFunctionsModule(http, functionsVersion ?? undefined),
    agents: createAgentsModule({ http, realtime, serverUrl, appId, getToken: session.getToken }),
    access: lazyAccess(http, session),
    realtime: { subscribe: (room, subscriber) => realtime.subscribe(room, subscriber) },
    setToken: (token) => session.setToken(token),
    getToken: session.getToken,
    getConfig: () => ({ serverUrl, appId, requiresAuth, appBaseUrl, functionsVersion: functionsVersion ?? null }),
    cleanup() {
      realtime.cleanup();
      serviceRealtime?.cleanup();
    },
    get asServiceRole() {
      if (!serviceToken) throw new Base44Error(SERVICE_TOKEN_REQUIRED, { code: 'ERR_BAD_REQUEST' });
      serviceRole ??= buildServiceRole(serviceToken);
      return serviceRole;
    },
  };

  if (requiresAuth && globals.location()) {
    // After creation returns, so the caller can attach handlers first, as the published client does.
    setTimeout(() => {
      void client.auth.isAuthenticated().then((ok) => {
        const location = globals.location();
        if (!ok && location) client.auth.redirectToLogin(location.href);
      });
    }, 0);
  }
  return client;
}
