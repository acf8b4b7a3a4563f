/**
 * `make` wrapped so that each key is made once while it is among the last `kept` keys asked for: the
 * dev server's check after a save, and the tests that break one file of the deck, redo only the file
 * that changed, while the files left alone stay kept. What it returns is shared by every caller with
 * that key, so callers only read it.
 */
export function oncePerText<T>(kept: number, make: (key: string) => T): (key: string) => T {
  // A Map iterates in insertion order: a key asked again is moved to the end, so the first is the least recently asked.
  const made = new Map<string, T>();
  return (key) => {
    const value = made.has(key) ? made.get(key)! : make(key);
    made.delete(key);
    made.set(key, value);
    if (made.size > kept) made.delete(made.keys().next().value!);
    return value;
  };
}
