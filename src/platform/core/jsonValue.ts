import { badRequest } from './errors.ts';

// JSON a caller sent, checked before it is stored: the records store, list queries and request
// bodies all refuse the same values with a 400 naming the field.

/** Deepest nesting accepted in a JSON body or `q` (deeper ones overflow the stack when stored). */
export const MAX_JSON_DEPTH = 64;

// Text Postgres' jsonb refuses: the NUL character and UTF-16 halves without their other half
// (both can be written as JSON escapes). Caught here, the 400 names the field instead of the
// database answering with its own words.
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface Place {
  parent: Place | null;
  key: string | number;
}

function pathOf(field: string, place: Place | null): string {
  const keys: Array<string | number> = [];
  for (let at = place; at; at = at.parent) keys.unshift(at.key);
  return field + keys.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('');
}

/**
 * 400 naming the field (and the path inside it) for a value the database cannot store: nested
 * deeper than 64 levels, text with a NUL or a lone surrogate, a number beyond a double (1e400).
 * Checked without recursion.
 */
export function checkJsonValue(value: unknown, field: string): void {
  const stack: Array<[unknown, number, Place | null]> = [[value, 1, null]];
  while (stack.length > 0) {
    const [item, depth, place] = stack.pop()!;
    if (typeof item === 'string' && UNSTORABLE_TEXT.test(item)) {
      throw badRequest(pathOf(field, place), 'contains a character that cannot be stored (NUL, or half of a UTF-16 pair)');
    }
    if (typeof item === 'number' && !Number.isFinite(item)) throw badRequest(pathOf(field, place), 'is a number too large to store');
    if (typeof item !== 'object' || item === null) continue;
    if (depth > MAX_JSON_DEPTH) throw badRequest(field, `nests deeper than ${MAX_JSON_DEPTH} levels`);
    const isArray = Array.isArray(item);
    for (const [key, child] of Object.entries(item)) {
      if (!isArray && UNSTORABLE_TEXT.test(key)) {
        throw badRequest(pathOf(field, place), 'has a key with a character that cannot be stored (NUL, or half of a UTF-16 pair)');
      }
      stack.push([child, depth + 1, { parent: place, key: isArray ? Number(key) : key }]);
    }
  }
}

/** JSON text parsed and checked (checkJsonValue); a 400 naming `field` when it is malformed, too deep or unstorable. */
export function parseJsonText(text: string, field: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(field, 'is not valid JSON');
  }
  checkJsonValue(value, field);
  return value;
}
