/**
 * The entry for `key` in `map`, made by `make` when there is none; when the map already holds
 * `max` entries, the oldest leaves first. For small caches keyed by a kept body or page.
 */
export function entryOf<K, V>(map: Map<K, V>, key: K, max: number, make: () => V): V {
  let entry = map.get(key);
  if (entry === undefined) {
    if (map.size >= max) map.delete(map.keys().next().value!);
    entry = make();
    map.set(key, entry);
  }
  return entry;
}
