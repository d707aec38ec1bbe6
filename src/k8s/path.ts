/** field.Path as apimachinery renders it: `a.b[key][0].c`; map keys and property names unquoted, unescaped. */
// Upstream: kubernetes/apimachinery:pkg/util/validation/field/path.go

export type PathSegment =
  { kind: "field"; name: string } | { kind: "key"; key: string } | { kind: "index"; index: number };

export class FieldPath {
  private cachedSegments: readonly PathSegment[] | undefined;
  private rendered: string | undefined;

  // A path is its parent plus one segment: schema walks create a path per node, and copying every ancestor's
  // segments into each would cost depth² per branch.
  private constructor(
    private readonly parent: FieldPath | null,
    private readonly last: PathSegment | null,
    segments?: readonly PathSegment[],
  ) {
    this.cachedSegments = segments;
  }

  static root(...names: string[]): FieldPath {
    return FieldPath.from(names.map((name) => ({ kind: "field", name }) as PathSegment));
  }

  static from(segments: readonly PathSegment[]): FieldPath {
    return new FieldPath(null, null, segments);
  }

  get segments(): readonly PathSegment[] {
    this.cachedSegments ??= [...this.parent!.segments, this.last!];
    return this.cachedSegments;
  }

  child(...names: string[]): FieldPath {
    let p: FieldPath = this;
    for (const name of names) p = new FieldPath(p, { kind: "field", name });
    return p;
  }

  /** child(name) for one name, without the rest parameter's array (schema walks make one per node). */
  field(name: string): FieldPath {
    return new FieldPath(this, { kind: "field", name });
  }

  key(key: string): FieldPath {
    return new FieldPath(this, { kind: "key", key });
  }

  index(index: number): FieldPath {
    return new FieldPath(this, { kind: "index", index });
  }

  concat(other: FieldPath): FieldPath {
    let p: FieldPath = this;
    for (const s of other.segments) p = new FieldPath(p, s);
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
      const s = this.last!;
      out =
        s.kind === "field"
          ? base === ""
            ? s.name
            : base + "." + s.name
          : s.kind === "key"
            ? `${base}[${s.key}]`
            : `${base}[${s.index}]`;
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
