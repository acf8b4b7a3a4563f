// Stamped copies kept per person and version: a person who downloads the deck again (or four times
// at once) gets the copy made for them, instead of another parse and save of the whole PDF. A key
// names the export's file and version (its modification time and size) and the stamp's text (the
// person's address and the day), so a new export or a new day makes a new copy.

/** Bytes of stamped copies a process keeps at most (about 150 copies of a 420 KB deck); the least recently sent go first. */
export const STAMPED_BYTES_KEPT = 64 * 1024 * 1024;

const kept = new Map<string, Uint8Array>();
const making = new Map<string, Promise<Uint8Array>>();
let keptBytes = 0;

/** The copy kept under `key`, or the one `make` makes now (once, however many ask at the same time). */
export function stampedCopy(key: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const copy = kept.get(key);
  if (copy) {
    kept.delete(key);
    kept.set(key, copy);
    return Promise.resolve(copy);
  }
  let pending = making.get(key);
  if (!pending) {
    pending = make().then((bytes) => {
      keep(key, bytes);
      return bytes;
    });
    making.set(key, pending);
    void pending.finally(() => making.delete(key)).catch(() => undefined);
  }
  return pending;
}

function keep(key: string, bytes: Uint8Array): void {
  if (bytes.byteLength > STAMPED_BYTES_KEPT) return;
  kept.set(key, bytes);
  keptBytes += bytes.byteLength;
  for (const [oldest, copy] of kept) {
    if (keptBytes <= STAMPED_BYTES_KEPT) break;
    kept.delete(oldest);
    keptBytes -= copy.byteLength;
  }
}
