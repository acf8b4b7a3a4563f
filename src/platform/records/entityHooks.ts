import type { Context } from 'hono';
import type { Caller } from '../identity/access.ts';
import type { EntityRecord } from './entitiesStore.ts';

/** A create's rows (one, a bulk or an import), checked and about to be stored; the hook returns the rows to store. */
export type CreateHook = (appId: string, rows: Record<string, unknown>[]) => Record<string, unknown>[];

/** An update's checked fields, about to be merged into `current`; the hook returns the fields to store. */
export type UpdateHook = (appId: string, fields: Record<string, unknown>, current: EntityRecord, caller: Caller) => Record<string, unknown>;

/** One write the generic store has made and audited. */
export interface EntityWrite {
  c: Context;
  appId: string;
  caller: Caller;
  write: 'create' | 'update' | 'delete';
  records: readonly EntityRecord[];
  /** An update's stored fields; empty otherwise. */
  changed: Record<string, unknown>;
}

/** Runs once a write is stored; side effects that must not delay the reply go to the after-reply queue. */
export type WriteHook = (write: EntityWrite) => void | Promise<void>;

/**
 * What features add to the generic entity store, by entity: the store runs them and names no
 * feature itself. A feature registers its hooks when the platform starts (engagement/, questions/).
 */
export class EntityHooks {
  private readonly creates = new Map<string, CreateHook[]>();
  private readonly updates = new Map<string, UpdateHook[]>();
  private readonly writes = new Map<string, WriteHook[]>();

  /** Runs `hook` on every create of `entity`, after the rows are checked and before they are stored; returns its undo. */
  onCreate(entity: string, hook: CreateHook): () => void {
    return add(this.creates, entity, hook);
  }

  /** Runs `hook` on every update of `entity`, after the fields are checked and before they are stored; returns its undo. */
  onUpdate(entity: string, hook: UpdateHook): () => void {
    return add(this.updates, entity, hook);
  }

  /** Runs `hook` after every stored write of `entity`; returns its undo. */
  afterWrite(entity: string, hook: WriteHook): () => void {
    return add(this.writes, entity, hook);
  }

  /** The rows of a create of `entity` as its hooks leave them (unchanged without hooks). */
  prepareCreate(entity: string, appId: string, rows: Record<string, unknown>[]): Record<string, unknown>[] {
    return (this.creates.get(entity) ?? []).reduce((prepared, hook) => hook(appId, prepared), rows);
  }

  /** The fields of an update of `entity` as its hooks leave them. */
  prepareUpdate(entity: string, appId: string, fields: Record<string, unknown>, current: EntityRecord, caller: Caller): Record<string, unknown> {
    return (this.updates.get(entity) ?? []).reduce((prepared, hook) => hook(appId, prepared, current, caller), fields);
  }

  /** Tells `entity`'s write hooks of a stored write, one after another. */
  async written(entity: string, write: EntityWrite): Promise<void> {
    if (write.records.length === 0) return;
    for (const hook of this.writes.get(entity) ?? []) await hook(write);
  }
}

function add<T>(table: Map<string, T[]>, entity: string, hook: T): () => void {
  table.set(entity, [...(table.get(entity) ?? []), hook]);
  return () => {
    table.set(
      entity,
      (table.get(entity) ?? []).filter((one) => one !== hook),
    );
  };
}
