import { paramStorageKey } from '../../schemas/platformWire.ts';
import { resolveGlobals, type BrowserGlobals } from './globals.ts';
import { createTokenStore, readParamFromAddress, takeParamFromAddress } from './tokenStore.ts';

/** The platform parameters an app starts with. */
export interface AppParams {
  appId: string | null;
  serverUrl: string | null;
  token: string | null;
  fromUrl: string | null;
  functionsVersion: string | null;
}

/** Build-time defaults, passed by the caller: the SDK never reads `import.meta.env`, so it loads in Node. */
export type AppParamDefaults = Partial<Record<keyof AppParams, string | null | undefined>>;

/** Options of readAppParams: defaults plus the injectable globals. */
export interface ReadAppParamsOptions extends Pick<BrowserGlobals, 'location' | 'history' | 'storage'> {
  defaults?: AppParamDefaults;
}

const PARAMS: ReadonlyArray<[keyof AppParams, string]> = [
  ['appId', 'app_id'],
  ['serverUrl', 'server_url'],
  ['token', 'access_token'],
  ['fromUrl', 'from_url'],
  ['functionsVersion', 'functions_version'],
];

/** Each parameter from the address, else the caller's default, else `base44_{name}` in storage (found values are saved). */
export function readAppParams(options: ReadAppParamsOptions = {}): AppParams {
  const globals = resolveGlobals(options);
  const location = globals.location();
  const history = globals.history();
  const storage = globals.storage();
  const safely = <T>(fn: () => T, fallback: T): T => {
    try {
      return fn();
    } catch {
      return fallback;
    }
  };

  if (readParamFromAddress('clear_access_token', location) === 'true') {
    createTokenStore(() => storage).clear();
  }

  const result = {} as AppParams;
  for (const [key, name] of PARAMS) {
    const storageKey = paramStorageKey(name);
    // Only the token is secret enough to scrub from the address.
    const fromAddress = name === 'access_token' ? takeParamFromAddress(name, location, history) : readParamFromAddress(name, location);
    const value = fromAddress ?? (options.defaults?.[key] || null);
    if (value) {
      // The token goes under both keys the platform's apps read; the rest under their own key.
      if (name === 'access_token') createTokenStore(() => storage).set(value);
      else safely(() => storage?.setItem(storageKey, value), undefined);
      result[key] = value;
    } else {
      result[key] = safely(() => storage?.getItem(storageKey) ?? null, null);
    }
  }
  return result;
}
