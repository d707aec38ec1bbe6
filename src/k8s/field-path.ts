/**
 * The apiserver's field-path parser (`ValidFieldPath`), resolved against the structural form of a schema. Used by
 * `selectableFields[].jsonPath` (bracket notation disabled), by `x-kubernetes-validations[].fieldPath` (bracket
 * notation enabled) when a CRD is checked, and by the CEL validator placing a failed rule's error (one parser for
 * both, so that a path the CRD's check accepts lands where the apiserver puts it).
 *
 * API:
 * - `validFieldPath(jsonPath, schema, { allowArrayNotation })` → `{ ok: true, path, schema }` or
 *   `{ ok: false, error, nilDereference }`. `error` is the apiserver's error text (callers add their own prefix,
 *   e.g. `is an invalid path: `). `path` is the resolved `FieldPath` (properties as fields, map keys as keys):
 *   its `toString()` is the apiserver's `path.String()` (the duplicate key for selectable fields) and its first
 *   segment is `path.Root()`. `schema` is the raw schema object the path lands on, or null when it lands inside an
 *   `additionalProperties: true|false` map (the apiserver then holds a nil structural schema).
 *   `nilDereference` marks the case where the apiserver would dereference a nil structural schema (a step below an
 *   `additionalProperties: true|false` map value, or any step when the schema passed in is null): the Go code
 *   panics there, so the request fails with an internal server error rather than a field error.
 *
 * It takes raw (v1, as written) schema objects and reads them the way the decoded Go structs see them: `null`
 * is absent, values of the wrong JSON type are ignored (the decoding rules report them).
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go (ValidFieldPath)
import { FieldPath, type PathSegment } from "./path.js";
import { GO_SIMPLE_ESCAPES, isPlainObject } from "./go.js";

type JsonObject = Record<string, unknown>;
const isObject: (v: unknown) => v is JsonObject = isPlainObject;

export interface FieldPathOptions {
  /** Accept `['name']` steps (CEL fieldPath: true, the apiserver's default; selectableFields: false). */
  allowArrayNotation: boolean;
}

export type FieldPathResult =
  { ok: true; path: FieldPath; schema: JsonObject | null } | { ok: false; error: string; nilDereference: boolean };

/** Go's `runtime error` text when ValidFieldPath dereferences a nil *Structural. */
const NIL_DEREFERENCE = "runtime error: invalid memory address or nil pointer dereference";

/**
 * The token stream of the apiserver's scanner: `.`, `[` and `]` are one-character tokens, text between them is one
 * token, and a token starting with `'` runs to the next `'` not preceded by a backslash (or to the end).
 */
function tokenize(s: string): string[] {
  const out: string[] = [];
  let i = 0;
  const n = s.length;
  while (i < n) {
    const c = s[i]!;
    if (c === "'") {
      let j = i + 1;
      while (j < n && !(s[j] === "'" && s[j - 1] !== "\\")) j++;
      const end = j < n ? j + 1 : n;
      out.push(s.slice(i, end));
      i = end;
      continue;
    }
    if (c === "." || c === "[" || c === "]") {
      out.push(c);
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && s[j] !== "." && s[j] !== "[" && s[j] !== "]") j++;
    out.push(s.slice(i, j));
    i = j;
  }
  return out;
}

// Go's regexp `\\.`: a backslash and any one character but a newline (a whole code point).
const ESCAPE_RE = /\\[^\n]/gu;
const ESCAPES: Readonly<Record<string, string>> = { ...GO_SIMPLE_ESCAPES, "'": "'" };

/** unescapeSingleQuote: the escapes `\a \b \f \n \r \t \v \' \\`; any other escaped character is an error. */
function unescapeSingleQuote(s: string): { value: string; error: string | null } {
  let error: string | null = null;
  const value = s.replace(ESCAPE_RE, (m) => {
    const d = ESCAPES[m.slice(1)];
    if (d !== undefined) return d;
    error = `invalid escape char ${m}`;
    return "";
  });
  return { value, error };
}

/** The schema's non-empty `properties` map (the structural schema keeps only non-empty ones), or null. */
function propertiesOf(schema: JsonObject): JsonObject | null {
  const p = schema.properties;
  if (!isObject(p)) return null;
  for (const _ in p) return p;
  return null;
}

/** additionalProperties as the structural schema holds it: absent, a schema, or a bare bool (no schema). */
function additionalPropertiesOf(schema: JsonObject): { schema: JsonObject | null } | null {
  const ap = schema.additionalProperties;
  if (isObject(ap)) return { schema: ap };
  if (typeof ap === "boolean") return { schema: null };
  return null;
}

/** A property value as decoded: a non-object value (null) is the zero JSONSchemaProps. */
function propertySchema(v: unknown): JsonObject {
  return isObject(v) ? v : {};
}

/**
 * ValidFieldPath: parses `jsonPath` and resolves each step against `schema` (a raw schema object standing for its
 * structural form; null stands for a nil structural schema).
 */
export function validFieldPath(
  jsonPath: string,
  schema: JsonObject | null,
  options?: Partial<FieldPathOptions>,
): FieldPathResult {
  const allowArrayNotation = options?.allowArrayNotation ?? true;
  const tokens = tokenize(jsonPath);
  const segments: PathSegment[] = [];
  let current: JsonObject | null = schema;
  let t = 0;
  const fail = (error: string): FieldPathResult => ({ ok: false, error, nilDereference: false });
  const nilDereference: FieldPathResult = { ok: false, error: NIL_DEREFERENCE, nilDereference: true };

  /** One name step; returns an error result, or null when the step resolved. */
  const step = (name: string): FieldPathResult | null => {
    if (current === null) return nilDereference;
    const props = propertiesOf(current);
    if (props !== null) {
      segments.push({ kind: "field", name });
      if (!Object.prototype.hasOwnProperty.call(props, name)) return fail("does not refer to a valid field");
      current = propertySchema(props[name]);
      return null;
    }
    const ap = additionalPropertiesOf(current);
    if (ap === null) return fail("does not refer to a valid field");
    segments.push({ kind: "key", key: name });
    current = ap.schema;
    return null;
  };

  while (t < tokens.length) {
    const tok = tokens[t++]!;
    if (tok === "[") {
      if (!allowArrayNotation) return fail("array notation is not allowed");
      if (t >= tokens.length) return fail("unexpected end of JSON path");
      const quoted = tokens[t++]!;
      if (quoted.length < 2 || quoted[0] !== "'" || quoted[quoted.length - 1] !== "'")
        return fail(`expected single quoted string but got ${quoted}`);
      const unescaped = unescapeSingleQuote(quoted.slice(1, -1));
      if (unescaped.error !== null) return fail(`invalid string literal: ${unescaped.error}`);
      const r = step(unescaped.value);
      if (r) return r;
      if (t >= tokens.length) return fail("unexpected end of JSON path");
      const close = tokens[t++]!;
      if (close !== "]") return fail(`expected ] but got ${close}`);
    } else if (tok === ".") {
      if (t >= tokens.length) return fail("unexpected end of JSON path");
      const r = step(tokens[t++]!);
      if (r) return r;
    } else {
      return fail(`expected [ or . but got: ${tok}`);
    }
  }
  return { ok: true, path: FieldPath.from(segments), schema: current };
}
