/**
 * `make` wrapped so that each key is made once while it is among the last `kept` keys asked for: the
 * dev server's check after a save, and the tests that break one file of the deck, redo only the file
 * that changed. What it returns is shared by every caller with that key, so callers only read it.
 */
export function oncePerText<T>(kept: number, make: (key: string) => T): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    if (made.has(key)) return made.get(key)!;
    const value = make(key);
    made.set(key, value);
    if (made.size > kept) made.delete(made.keys().next().value!);
    return value;
  };
}
