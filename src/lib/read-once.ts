/** The reads under way, per store (its getState, one per store) and per key. */
const underWay = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * `read()`, unless the same read (`key`) of the same store is under way: then the one under way,
 * which this ask joins. `read` null: nothing to read (the rows are in), but still the read under
 * way, if any. For the reads of this device's rows that several screens and the sync ask for as a
 * page opens: each read, and the render of what it brings, would otherwise come once per ask.
 */
export function readOnce(
  store: object,
  key: string,
  read: (() => Promise<unknown>) | null,
): Promise<unknown> {
  let reads = underWay.get(store);
  if (!reads) underWay.set(store, (reads = new Map()));
  const ongoing = reads.get(key);
  if (ongoing || !read) return ongoing ?? Promise.resolve();
  const started = read().finally(() => {
    if (reads.get(key) === started) reads.delete(key);
  });
  reads.set(key, started);
  return started;
}
