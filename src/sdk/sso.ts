// The deck itself never calls this module. It is kept because it is part of the published
// client's public surface (@base44/sdk), which code written for the hosting platform calls; the
// local platform answers it for the service role only.
import { seg, type Http } from './http.ts';

/** The service-role SSO module. */
export interface SsoModule {
  /** GET /auth/sso/accesstoken/{userId}, on behalf of the signed-in user when there is one. */
  getAccessToken(userId: string): Promise<unknown>;
}

/** Builds the SSO module over the service-role channel. */
export function createSsoModule(serviceHttp: Http, getUserToken: () => string | null): SsoModule {
  return {
    async getAccessToken(userId) {
      const userToken = getUserToken();
      const headers = userToken ? { 'on-behalf-of': `Bearer ${userToken}` } : undefined;
      return (await serviceHttp({ method: 'GET', path: `/auth/sso/accesstoken/${seg(userId)}`, headers })).data;
    },
  };
}
