/**
 * The per-CRD memo the engine creates for each CRD and shares between rules (CEL compile results, decoder issues,
 * sizes...). A key carries the type of its value, so that a rule reads back what it stored without a cast.
 */
import type { ContentStore } from "./content-store.js";

export class MemoKey<T> {
  /** Only carries T for the type checker. */
  declare readonly valueType?: T;
  constructor(readonly name: string) {}
}

/**
 * Whether what runs now has read something that depends on the target release (the engine's contexts set it when a
 * rule reads the release, the services, the structural state or the gates' state): a run over several releases
 * (src/engine/range.ts) replays at the other releases what a rule found without reading any of it.
 */
export interface ReleaseTouch {
  touched: boolean;
}

export class Memo {
  private readonly values = new Map<string, unknown>();
  private readonly perObject = new Map<MemoKey<unknown>, WeakMap<object, unknown>>();
  /** The entries whose value was made after reading something release-dependent: reading them is reading that. */
  private readonly releaseBound = new Set<string>();
  private readonly releaseBoundFor = new Set<MemoKey<unknown>>();

  /**
   * `touch`: the run's release-dependence flag (none: nothing is tracked). `lasting`: the engine's content-keyed
   * caches when it keeps them between texts (src/crd/content-store.ts); what they hold depends on no release.
   */
  constructor(
    private readonly touch?: ReleaseTouch,
    readonly lasting?: ContentStore,
  ) {}

  private read(k: string): void {
    if (this.touch && this.releaseBound.has(k)) this.touch.touched = true;
  }

  /** The entries set by the running invocation: a value set first and filled after (an array) is judged at its end. */
  private readonly pending: string[] = [];
  private readonly pendingFor: MemoKey<unknown>[] = [];

  private wrote(k: string): void {
    if (!this.touch) return;
    if (this.touch.touched) this.releaseBound.add(k);
    else this.pending.push(k);
  }

  /**
   * The end of a rule's invocation: what it set is release-dependent when it read anything of its release, before
   * or after setting it.
   */
  settle(): void {
    // Called after every invocation of every rule: nothing to do is the common case, and must cost nothing.
    if (this.pending.length === 0 && this.pendingFor.length === 0) return;
    if (this.touch?.touched) {
      for (const k of this.pending) this.releaseBound.add(k);
      for (const key of this.pendingFor) this.releaseBoundFor.add(key);
    }
    if (this.pending.length) this.pending.length = 0;
    if (this.pendingFor.length) this.pendingFor.length = 0;
  }

  /**
   * The values of the release this memo is a copy of (releaseIndependentCopy), read through: only the entries made
   * without reading anything of that release. That memo is not written any more once it is copied.
   */
  private inheritedValues: ReadonlyMap<string, unknown> | null = null;
  private inheritedBound: ReadonlySet<string> | null = null;

  /** Whether the memo holds `k`, its own or inherited. */
  private holds(k: string): boolean {
    return this.values.has(k) || (this.inheritedValues !== null && this.inherits(k));
  }

  private inherits(k: string): boolean {
    return this.inheritedValues!.has(k) && !this.inheritedBound!.has(k);
  }

  private valueOf(k: string): unknown {
    if (this.values.has(k)) return this.values.get(k);
    return this.inheritedValues !== null && this.inherits(k) ? this.inheritedValues.get(k) : undefined;
  }

  has<T>(key: MemoKey<T>, sub = ""): boolean {
    const k = key.name + "\0" + sub;
    this.read(k);
    return this.holds(k);
  }

  get<T>(key: MemoKey<T>, sub = ""): T | undefined {
    const k = key.name + "\0" + sub;
    this.read(k);
    // The only place the memo's values are typed: every write goes through set() with the same key.
    return this.valueOf(k) as T | undefined;
  }

  set<T>(key: MemoKey<T>, value: T, sub = ""): void {
    const k = key.name + "\0" + sub;
    this.wrote(k);
    this.values.set(k, value);
  }

  /** The stored value, or the one `make` computes (stored, including null), once per CRD. */
  compute<T>(key: MemoKey<T>, make: () => T, sub = ""): T {
    const k = key.name + "\0" + sub;
    if (this.holds(k)) {
      this.read(k);
      return this.valueOf(k) as T;
    }
    const touch = this.touch;
    if (!touch) {
      const v = make();
      this.values.set(k, v);
      return v;
    }
    // What `make` reads decides the entry's dependence, whatever the asker read before.
    const before = touch.touched;
    touch.touched = false;
    const v = make();
    if (touch.touched) this.releaseBound.add(k);
    touch.touched ||= before;
    this.values.set(k, v);
    return v;
  }

  /**
   * A memo for the same CRD at another release: what this one holds that was made without reading anything of its
   * release (the schema objects the per-owner values hang on are the same, shared by the releases' runs).
   */
  releaseIndependentCopy(touch: ReleaseTouch, lasting?: ContentStore): Memo {
    // `lasting`: the other release's engine's own store (what it holds may be of its release).
    const copy = new Memo(touch, lasting);
    if (this.inheritedValues === null) {
      // Read through: this memo is not written once a later release copies it, and nothing is copied.
      copy.inheritedValues = this.values;
      copy.inheritedBound = this.releaseBound;
    } else {
      for (const [k, v] of this.inheritedValues) if (this.inherits(k)) copy.values.set(k, v);
      for (const [k, v] of this.values) if (!this.releaseBound.has(k)) copy.values.set(k, v);
    }
    for (const [key, m] of this.perObject) if (!this.releaseBoundFor.has(key)) copy.inherited.set(key, m);
    return copy;
  }

  /** Per-owner values of the release that recorded them (releaseIndependentCopy). */
  private readonly inherited = new Map<MemoKey<unknown>, WeakMap<object, unknown>>();

  /** The value stored for `owner` (a schema node, a schema object) under the key. */
  getFor<T>(key: MemoKey<T>, owner: object): T | undefined {
    if (this.touch && this.releaseBoundFor.has(key)) this.touch.touched = true;
    const own = this.perObject.get(key);
    if (own?.has(owner)) return own.get(owner) as T;
    return this.inherited.get(key)?.get(owner) as T | undefined;
  }

  /**
   * The value stored for `owner`, or the one `make` computes (stored), as compute() does for the CRD: what `make`
   * reads decides the entry's dependence on the release, whatever the asker read before.
   */
  computeFor<T>(key: MemoKey<T>, owner: object, make: () => T): T {
    const known = this.getFor(key, owner);
    if (known !== undefined) return known;
    const touch = this.touch;
    const before = touch?.touched ?? false;
    if (touch) touch.touched = false;
    const v = make();
    if (touch?.touched) this.releaseBoundFor.add(key);
    if (touch) touch.touched ||= before;
    this.store(key, owner, v);
    return v;
  }

  setFor<T>(key: MemoKey<T>, owner: object, value: T): void {
    if (this.touch?.touched) this.releaseBoundFor.add(key);
    else if (this.touch) this.pendingFor.push(key);
    this.store(key, owner, value);
  }

  /** Files a per-owner value in this memo's own map of the key. */
  private store<T>(key: MemoKey<T>, owner: object, value: T): void {
    let m = this.perObject.get(key);
    if (!m) {
      m = new WeakMap();
      this.perObject.set(key, m);
    }
    m.set(owner, value);
  }
}
