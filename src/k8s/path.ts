/** field.Path as apimachinery renders it: `a.b[key][0].c`; map keys and property names unquoted, unescaped. */
// Upstream: kubernetes/apimachinery:pkg/util/validation/field/path.go

export type PathSegment =
  | { kind: "field"; name: string }
  | { kind: "key"; key: string }
  | { kind: "index"; index: number };

export class FieldPath {
  private constructor(
    readonly segments: readonly PathSegment[],
    private rendered?: string,
  ) {}

  static root(...names: string[]): FieldPath {
    return new FieldPath(names.map((name) => ({ kind: "field", name }) as PathSegment));
  }

  static from(segments: readonly PathSegment[]): FieldPath {
    return new FieldPath(segments);
  }

  child(...names: string[]): FieldPath {
    return new FieldPath([...this.segments, ...names.map((name) => ({ kind: "field", name }) as PathSegment)]);
  }

  key(key: string): FieldPath {
    return new FieldPath([...this.segments, { kind: "key", key }]);
  }

  index(index: number): FieldPath {
    return new FieldPath([...this.segments, { kind: "index", index }]);
  }

  concat(other: FieldPath): FieldPath {
    return new FieldPath([...this.segments, ...other.segments]);
  }

  /** The YAML/JSON path of the written document: field names and map keys become keys, indices stay numbers. */
  toDocumentPath(): (string | number)[] {
    return this.segments.map((s) => (s.kind === "field" ? s.name : s.kind === "key" ? s.key : s.index));
  }

  toString(): string {
    if (this.rendered !== undefined) return this.rendered;
    let out = "";
    for (const s of this.segments) {
      if (s.kind === "field") out += out === "" ? s.name : "." + s.name;
      else if (s.kind === "key") out += `[${s.key}]`;
      else out += `[${s.index}]`;
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

  child(...names: string[]): DualPath {
    return new DualPath(this.written.child(...names), this.apiserver.child(...names));
  }

  key(key: string): DualPath {
    return new DualPath(this.written.key(key), this.apiserver.key(key));
  }

  index(index: number): DualPath {
    return new DualPath(this.written.index(index), this.apiserver.index(index));
  }

  /** A child whose apiserver name differs from the written one (internal Go names leak: `JSONPath`). */
  renamed(writtenName: string, apiserverName: string): DualPath {
    return new DualPath(this.written.child(writtenName), this.apiserver.child(apiserverName));
  }

  toString(): string {
    return this.written.toString();
  }
}
