/** field.Path as apimachinery renders it: `a.b[key][0].c`; map keys and property names unquoted, unescaped. */
// Upstream: kubernetes/apimachinery:pkg/util/validation/field/path.go

export type PathSegment =
  { kind: "field"; name: string } | { kind: "key"; key: string } | { kind: "index"; index: number };

const FIELD = 0;
const KEY = 1;
const INDEX = 2;

export class FieldPath {
  private cachedSegments: readonly PathSegment[] | undefined;
  private rendered: string | undefined;

  // A path is its parent plus one segment: schema walks create a path per node, and copying every ancestor's
  // segments into each would cost depth² per branch. The segment is kept as its kind and name (or key, or index),
  // not as an object: a schema walk makes a path per node, and the segment objects only when asked for them.
  private constructor(
    private readonly parent: FieldPath | null,
    private readonly lastKind: number,
    private readonly lastName: string | number,
    segments?: readonly PathSegment[],
  ) {
    this.cachedSegments = segments;
  }

  static root(...names: string[]): FieldPath {
    return FieldPath.from(names.map((name) => ({ kind: "field", name }) as PathSegment));
  }

  static from(segments: readonly PathSegment[]): FieldPath {
    return new FieldPath(null, FIELD, "", segments);
  }

  get segments(): readonly PathSegment[] {
    if (this.cachedSegments === undefined) {
      const n = this.lastName;
      const last: PathSegment =
        this.lastKind === FIELD
          ? { kind: "field", name: n as string }
          : this.lastKind === KEY
            ? { kind: "key", key: n as string }
            : { kind: "index", index: n as number };
      this.cachedSegments = [...this.parent!.segments, last];
    }
    return this.cachedSegments;
  }

  child(...names: string[]): FieldPath {
    let p: FieldPath = this;
    for (const name of names) p = new FieldPath(p, FIELD, name);
    return p;
  }

  /** child(name) for one name, without the rest parameter's array (schema walks make one per node). */
  field(name: string): FieldPath {
    return new FieldPath(this, FIELD, name);
  }

  key(key: string): FieldPath {
    return new FieldPath(this, KEY, key);
  }

  index(index: number): FieldPath {
    return new FieldPath(this, INDEX, index);
  }

  concat(other: FieldPath): FieldPath {
    let p: FieldPath = this;
    for (const s of other.segments)
      p =
        s.kind === "field"
          ? new FieldPath(p, FIELD, s.name)
          : s.kind === "key"
            ? new FieldPath(p, KEY, s.key)
            : new FieldPath(p, INDEX, s.index);
    return p;
  }

  /** The YAML/JSON path of the written document: field names and map keys become keys, indices stay numbers. */
  toDocumentPath(): (string | number)[] {
    return this.segments.map((s) => (s.kind === "field" ? s.name : s.kind === "key" ? s.key : s.index));
  }

  toString(): string {
    if (this.rendered !== undefined) return this.rendered;
    let out: string;
    if (this.parent !== null) {
      const base = this.parent.toString();
      const n = this.lastName;
      out = this.lastKind === FIELD ? (base === "" ? (n as string) : base + "." + n) : `${base}[${n}]`;
    } else {
      out = "";
      for (const s of this.cachedSegments!) {
        if (s.kind === "field") out += out === "" ? s.name : "." + s.name;
        else if (s.kind === "key") out += `[${s.key}]`;
        else out += `[${s.index}]`;
      }
    }
    this.rendered = out;
    return out;
  }
}

/** A path as written in the file, paired with the path the apiserver prints (after v1 → internal hoisting). */
export class DualPath {
  constructor(
    readonly written: FieldPath,
    readonly apiserver: FieldPath = written,
  ) {}

  static root(...names: string[]): DualPath {
    return new DualPath(FieldPath.root(...names));
  }

  // When both paths are one object (nothing hoisted), their children are too.
  child(...names: string[]): DualPath {
    const written = this.written.child(...names);
    return new DualPath(written, this.apiserver === this.written ? written : this.apiserver.child(...names));
  }

  /** child(name) for one name, without the rest parameter's array (schema walks make one per node). */
  field(name: string): DualPath {
    const written = this.written.field(name);
    return new DualPath(written, this.apiserver === this.written ? written : this.apiserver.field(name));
  }

  key(key: string): DualPath {
    const written = this.written.key(key);
    return new DualPath(written, this.apiserver === this.written ? written : this.apiserver.key(key));
  }

  index(index: number): DualPath {
    const written = this.written.index(index);
    return new DualPath(written, this.apiserver === this.written ? written : this.apiserver.index(index));
  }

  /** A child whose apiserver name differs from the written one (internal Go names leak: `JSONPath`). */
  renamed(writtenName: string, apiserverName: string): DualPath {
    return new DualPath(this.written.child(writtenName), this.apiserver.child(apiserverName));
  }

  toString(): string {
    return this.written.toString();
  }
}
