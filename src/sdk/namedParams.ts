import { namedParametersError } from './errors.ts';

/** How a function or integration call goes on the wire: JSON, or multipart when files are present. */
export type CallBody = { json: unknown; form?: undefined } | { form: FormData; json?: undefined };

const isBlob = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;

/** Rejects a string and picks the body: FormData as is, multipart when a File/Blob is present, else JSON. */
export function toCallBody(kind: 'Function' | 'Integration', name: string, data: unknown): CallBody {
  if (typeof data === 'string') throw namedParametersError(kind, name, data);
  if (typeof FormData !== 'undefined' && data instanceof FormData) return { form: data };
  if (data === null || typeof data !== 'object' || !Object.values(data).some(isBlob)) return { json: data ?? {} };

  const form = new FormData();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (isBlob(value)) {
      // A bare Blob has no name; multipart parsers then drop the filename, so give it one.
      const filename = typeof (value as File).name === 'string' && (value as File).name ? (value as File).name : 'blob';
      form.append(key, value, filename);
    } else if (value !== null && typeof value === 'object') {
      form.append(key, JSON.stringify(value));
    } else {
      form.append(key, String(value));
    }
  }
  return { form };
}
