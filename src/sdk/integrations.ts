// The deck itself never calls this module. It is kept because it is part of the published
// client's public surface (@base44/sdk), which code written for the hosting platform calls; the
// local platform answers it with a plain 404 `not_provided` rather than a fake success.
import { isProbe } from './entities.ts';
import { seg, type Http, type RequestOptions } from './http.ts';
import { toCallBody } from './namedParams.ts';

/** One integration endpoint: named parameters in, the response body out. */
export type IntegrationEndpoint = (params?: Record<string, unknown>, options?: RequestOptions) => Promise<any>;

/** `integrations.Core.SendEmail({...})`, `integrations.SomePackage.Fn({...})`. */
export type IntegrationsModule = Record<string, Record<string, IntegrationEndpoint>>;

function endpointPath(pkg: string, name: string): string {
  return pkg === 'Core' ? `/integration-endpoints/Core/${seg(name)}` : `/integration-endpoints/installable/${seg(pkg)}/integration-endpoints/${seg(name)}`;
}

/** Builds the two-level integrations proxy. */
export function createIntegrationsModule(http: Http): IntegrationsModule {
  const packages = new Map<string, Record<string, IntegrationEndpoint>>();
  const packageProxy = (pkg: string): Record<string, IntegrationEndpoint> =>
    new Proxy({} as Record<string, IntegrationEndpoint>, {
      get(_target, name) {
        if (isProbe(name)) return undefined;
        return async (params?: Record<string, unknown>, options: RequestOptions = {}) => {
          const body = toCallBody('Integration', name, params);
          return (await http({ method: 'POST', path: endpointPath(pkg, name), ...body, ...options })).data;
        };
      },
    });
  return new Proxy({} as IntegrationsModule, {
    get(_target, pkg) {
      if (isProbe(pkg)) return undefined;
      let proxy = packages.get(pkg);
      if (!proxy) {
        proxy = packageProxy(pkg);
        packages.set(pkg, proxy);
      }
      return proxy;
    },
  });
}
