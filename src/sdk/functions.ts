import { seg, type Http, type HttpResponse, type RequestOptions } from './http.ts';
import { toCallBody } from './namedParams.ts';

/** The functions module: backend functions of the app. */
export interface FunctionsModule {
  /** POST /functions/{name}; resolves `{ data, status, headers }` (platform code reads `result.data`). */
  invoke<T = unknown>(name: string, data?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
}

/** Builds the functions module; `functionsVersion` adds the Base44-Functions-Version header. */
export function createFunctionsModule(http: Http, functionsVersion?: string): FunctionsModule {
  return {
    async invoke<T>(name: string, data?: unknown, options: RequestOptions = {}) {
      const body = toCallBody('Function', name, data);
      // Failures go through the same http path, so they reject with Base44Error too, with `status` and `data` like every other call.
      return http<T>({
        method: 'POST',
        path: `/functions/${seg(name)}`,
        ...body,
        ...options,
        headers: functionsVersion ? { 'Base44-Functions-Version': functionsVersion } : undefined,
      });
    },
  };
}
