import { seg, type Http, type RequestOptions } from './http.ts';
import type { Realtime, Unsubscribe } from './realtime.ts';

/** Sort field (`-field` for descending) as the platform takes it. */
export type SortParam = string | undefined | null;
/** Field list: comma-joined on the wire. */
export type FieldsParam = string | readonly string[] | undefined | null;

/** A change broadcast on `entities:{appId}:{Entity}` (protocol file, "Real-time socket"). */
export interface EntityChangeEvent<T = Record<string, unknown>> {
  type: 'create' | 'update' | 'delete';
  id: string;
  data: T;
  timestamp: string;
}

/** The calls on one entity type; same names and argument order as the published client. */
export interface EntityHandler<T = Record<string, any>> {
  list(sort?: SortParam, limit?: number | null, skip?: number | null, fields?: FieldsParam): Promise<T[]>;
  filter(query: Record<string, unknown>, sort?: SortParam, limit?: number | null, skip?: number | null, fields?: FieldsParam): Promise<T[]>;
  get(id: string): Promise<T>;
  create(data: Partial<T>): Promise<T>;
  update(id: string, data: Partial<T>): Promise<T>;
  delete(id: string): Promise<unknown>;
  deleteMany(query: Record<string, unknown>): Promise<unknown>;
  /** Creates many records in one request; `options.keepalive` lets it outlive a closing page. */
  bulkCreate(list: Partial<T>[], options?: RequestOptions): Promise<T[]>;
  importEntities(file: Blob): Promise<unknown>;
  /** Live changes of this entity type; returns the unsubscribe function. */
  subscribe(onChange: (event: EntityChangeEvent<T>) => void, onError?: (error: unknown) => void): Unsubscribe;
}

/** Entity record types by entity name; the default admits any name (typed as possibly undefined under strict index access). */
export type EntityTypes = Record<string, Record<string, any>>;

/** `client.entities.AnyName`: every entity type, created on first access; pass a map type for checked names. */
export type EntitiesModule<M extends object = EntityTypes> = { [K in keyof M & string]: EntityHandler<M[K]> };

const joinFields = (fields: FieldsParam): string | undefined => (fields ? (typeof fields === 'string' ? fields : fields.join(',')) : undefined);

function createEntityHandler(http: Http, realtime: Realtime, appId: string, name: string): EntityHandler {
  const base = `/entities/${seg(name)}`;
  const body = async <T>(promise: Promise<{ data: T }>): Promise<T> => (await promise).data;
  return {
    list: (sort, limit, skip, fields) => body(http({ method: 'GET', path: base, query: { sort, limit, skip, fields: joinFields(fields) } })),
    filter: (query, sort, limit, skip, fields) =>
      body(
        http({
          method: 'GET',
          path: base,
          // q goes even when empty: the server tells "no filter" from "filter by nothing" this way.
          query: { q: JSON.stringify(query ?? {}), sort, limit, skip, fields: joinFields(fields) },
        }),
      ),
    get: (id) => body(http({ method: 'GET', path: `${base}/${seg(id)}` })),
    create: (data) => body(http({ method: 'POST', path: base, json: data })),
    update: (id, data) => body(http({ method: 'PUT', path: `${base}/${seg(id)}`, json: data })),
    delete: (id) => body(http({ method: 'DELETE', path: `${base}/${seg(id)}` })),
    deleteMany: (query) => body(http({ method: 'DELETE', path: base, json: query })),
    bulkCreate: (list, options) => body(http({ ...options, method: 'POST', path: `${base}/bulk`, json: list })),
    importEntities: (file) => {
      const form = new FormData();
      form.append('file', file, (file as File).name || 'import');
      return body(http({ method: 'POST', path: `${base}/import`, form }));
    },
    subscribe: (onChange, onError) =>
      realtime.subscribe(`entities:${appId}:${name}`, {
        onUpdate: (data) => onChange(data as EntityChangeEvent),
        ...(onError ? { onError } : {}),
      }),
  };
}

/** Names a Proxy must not treat as entities: awaiting, serialising or inspecting the module probes these. */
export const isProbe = (name: string | symbol): name is symbol =>
  typeof name !== 'string' || name === 'then' || name === 'toJSON' || name.startsWith('_') || name.startsWith('$$');

/** The entities proxy: `entities.Todo` is the handler for entity type `Todo`, cached per name. */
export function createEntitiesModule<M extends object>(http: Http, realtime: Realtime, appId: string): EntitiesModule<M> {
  const handlers = new Map<string, EntityHandler>();
  return new Proxy({} as EntitiesModule<M>, {
    get(_target, name) {
      if (isProbe(name)) return undefined;
      let handler = handlers.get(name);
      if (!handler) {
        handler = createEntityHandler(http, realtime, appId, name);
        handlers.set(name, handler);
      }
      return handler;
    },
  });
}
