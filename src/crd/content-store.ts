/**
 * Caches an engine keeps between texts when it lints the same document again and again (a lint session,
 * src/engine/incremental.ts): each is keyed by an object of a loaded value and holds what is computed from that
 * object's content alone (and the engine's fixed release), never from its place elsewhere, its CRD's other parts or
 * another rule's findings. The session's texts share the objects of their unchanged subtrees, so an entry is found
 * again exactly where the content is the same. An engine of a one-off run has none (the rules compute as always).
 */

/** A slot of the store; it carries the type of its cache, as a MemoKey does. */
export class LastingKey<T> {
  /** Only carries T for the type checker. */
  declare readonly valueType?: T;
  constructor(
    readonly name: string,
    readonly make: () => T,
  ) {}
}

export class ContentStore {
  private readonly slots = new Map<LastingKey<unknown>, unknown>();

  /** The cache of a slot (made on first use). */
  get<T>(key: LastingKey<T>): T {
    if (!this.slots.has(key)) this.slots.set(key, key.make());
    // The only place a slot is typed: it is made by its key's own `make`.
    return this.slots.get(key) as T;
  }
}
