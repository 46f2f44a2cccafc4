/**
 * A small seeded pseudo-random generator (mulberry32) for the demo catalog. The catalog must
 * be the same on every machine and every run — the search-quality set is labelled against
 * it — so nothing in the seed uses Math.random.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  between(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An item chosen with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** k distinct items, in random order. */
  sample<T>(items: readonly T[], k: number): T[];
}

/** FNV-1a: a stable 32-bit seed from a string such as 'centrifuges#3'. */
function seedFrom(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createRandom(seed: number | string): Random {
  let state = (typeof seed === 'string' ? seedFrom(seed) : seed) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  return {
    next,
    int,
    between: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick,
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of entries) {
        roll -= weight;
        if (roll < 0) return item;
      }
      const last = entries[entries.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    sample<T>(items: readonly T[], k: number): T[] {
      const pool = [...items];
      const out: T[] = [];
      while (out.length < k && pool.length > 0) {
        out.push(pool.splice(Math.floor(next() * pool.length), 1)[0] as T);
      }
      return out;
    },
  };
}
