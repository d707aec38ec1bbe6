/**
 * The per-CRD memo the engine creates for each CRD and shares between rules (CEL compile results, decoder issues,
 * sizes...). A key carries the type of its value, so that a rule reads back what it stored without a cast.
 */
export class MemoKey<T> {
  /** Only carries T for the type checker. */
  declare readonly valueType?: T;
  constructor(readonly name: string) {}
}

export class Memo {
  private readonly values = new Map<string, unknown>();
  private readonly perObject = new Map<MemoKey<unknown>, WeakMap<object, unknown>>();

  has<T>(key: MemoKey<T>, sub = ""): boolean {
    return this.values.has(key.name + "\0" + sub);
  }

  get<T>(key: MemoKey<T>, sub = ""): T | undefined {
    // The only place the memo's values are typed: every write goes through set() with the same key.
    return this.values.get(key.name + "\0" + sub) as T | undefined;
  }

  set<T>(key: MemoKey<T>, value: T, sub = ""): void {
    this.values.set(key.name + "\0" + sub, value);
  }

  /** The stored value, or the one `make` computes (stored, including null), once per CRD. */
  compute<T>(key: MemoKey<T>, make: () => T, sub = ""): T {
    const k = key.name + "\0" + sub;
    if (this.values.has(k)) return this.values.get(k) as T;
    const v = make();
    this.values.set(k, v);
    return v;
  }

  /** The value stored for `owner` (a schema node, a schema object) under the key. */
  getFor<T>(key: MemoKey<T>, owner: object): T | undefined {
    return this.perObject.get(key)?.get(owner) as T | undefined;
  }

  setFor<T>(key: MemoKey<T>, owner: object, value: T): void {
    let m = this.perObject.get(key);
    if (!m) {
      m = new WeakMap();
      this.perObject.set(key, m);
    }
    m.set(owner, value);
  }
}
