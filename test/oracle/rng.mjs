// A seeded generator (mulberry32 over a 32-bit state) so that `--seed N` replays a run exactly.

export class Rng {
  constructor(seed) {
    this.state = (Number(seed) >>> 0) || 0x9e3779b9;
  }

  /** A float in [0, 1). */
  next() {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n) {
    return Math.floor(this.next() * n);
  }

  /** An integer in [lo, hi]. */
  range(lo, hi) {
    return lo + this.int(hi - lo + 1);
  }

  chance(p) {
    return this.next() < p;
  }

  pick(list) {
    return list[this.int(list.length)];
  }

  /** Picks by weight from [[weight, value], ...]. */
  weighted(entries) {
    let total = 0;
    for (const [w] of entries) total += w;
    let r = this.next() * total;
    for (const [w, v] of entries) {
      if ((r -= w) < 0) return v;
    }
    return entries[entries.length - 1][1];
  }

  /** A child generator: each case gets its own, so a case replays from (seed, family, index) alone. */
  fork(salt) {
    let h = this.state ^ 0x85ebca6b;
    for (const ch of String(salt)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    return new Rng(h);
  }
}

/** The generator of case `index` of `family` in a run seeded `seed`. */
export function caseRng(seed, family, index) {
  return new Rng(seed).fork(`${family}#${index}`);
}
