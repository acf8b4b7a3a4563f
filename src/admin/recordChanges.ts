/** A live change of one record, as the platform broadcasts it to an entity's room. */
export interface RecordChange<T> {
  type: 'create' | 'update' | 'delete';
  id: string;
  data: T;
}

/** Pure: a list after one live change; a create of a record already listed replaces it (no duplicates). */
export function applyChange<T extends { id: string }>(records: readonly T[], change: RecordChange<T>): T[] {
  const rest = records.filter((record) => record.id !== change.id);
  if (change.type === 'delete') return rest;
  const record = { ...change.data, id: change.id };
  if (change.type === 'create') return [record, ...rest];
  return records.some((existing) => existing.id === change.id)
    ? records.map((existing) => (existing.id === change.id ? record : existing))
    : [record, ...records];
}

/** Newest first by `created_date` (records without one last). */
export function newestFirst<T extends { created_date?: string | undefined }>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => (b.created_date ?? '').localeCompare(a.created_date ?? ''));
}
