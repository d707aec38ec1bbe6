/**
 * A quick "decodes cleanly" check of a CRD object, read from the same JSON Schema the strict decoder's ajv validator
 * was compiled from (crdV1JsonSchema): true only where that validator would find nothing, so that decode() runs the
 * validator, and makes its errors, only for an object that may have some.
 *
 * Why: the generated validator looks up each of JSONSchemaProps' 45 fields on every schema node (`data.x !==
 * undefined`, allErrors), most of them absent; this looks at the fields a node has. On the 509 corpus CRDs the
 * validator took 0.23 of a lint's 4.3 CPU s.
 *
 * Conservative by construction: a keyword or a shape of keyword it does not know makes its check false ("may have
 * errors"), never true. test/crd/quick-decode.test.mjs holds it to the validator on fixtures and mutations of them.
 */
import { base64ErrorOffset, rfc3339Error } from "./go-formats.js";

type Check = (v: unknown) => boolean;
type Schema = Record<string, unknown>;

const never: Check = () => false;
const always: Check = () => true;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** ajv's test of each JSON type (its generated code: numbers finite, integers without a fraction). */
const TYPE_TESTS: Record<string, Check> = {
  object: isObject,
  array: (v) => Array.isArray(v),
  string: (v) => typeof v === "string",
  boolean: (v) => typeof v === "boolean",
  null: (v) => v === null,
  number: (v) => typeof v === "number" && Number.isFinite(v),
  integer: (v) => typeof v === "number" && Number.isFinite(v) && v % 1 === 0,
};

const KEYWORDS = new Set([
  "$schema",
  "$id",
  "title",
  "definitions",
  "type",
  "properties",
  "additionalProperties",
  "items",
  "minimum",
  "maximum",
  "$ref",
  "if",
  "then",
  "else",
  "goTime",
  "goBase64",
]);

/** The check of a whole CRD object against `root` (a crdV1JsonSchema). */
export function quickDecodeCheck(root: Schema): Check {
  const definitions = isObject(root.definitions) ? root.definitions : {};
  const compiled = new Map<Schema, Check>();

  const compile = (s: unknown): Check => {
    if (!isObject(s)) return never;
    const known = compiled.get(s);
    if (known) return known;
    // A recursive schema (JSONSchemaProps) reaches itself: the entry is in place before its body is built.
    let body: Check = never;
    const check: Check = (v) => body(v);
    compiled.set(s, check);
    body = build(s);
    return check;
  };

  const build = (s: Schema): Check => {
    const keys = Object.keys(s);
    if (keys.some((k) => !KEYWORDS.has(k))) return never;
    if (s.$ref !== undefined) {
      // Draft-07: $ref beside other keywords ignores them; only a lone one, to a definition, is read here.
      const ref = s.$ref;
      const prefix = "#/definitions/";
      if (keys.length !== 1 || typeof ref !== "string" || !ref.startsWith(prefix)) return never;
      const name = ref.slice(prefix.length);
      return Object.prototype.hasOwnProperty.call(definitions, name) ? compile(definitions[name]) : never;
    }
    const checks: Check[] = [];
    if (s.if !== undefined) {
      // The one shape the schema uses: an object is one thing (a schema), anything else another (bool, list).
      const cond = s.if;
      if (!isObject(cond) || Object.keys(cond).length !== 1 || cond.type !== "object") return never;
      const then = s.then === undefined ? always : compile(s.then);
      const otherwise = s.else === undefined ? always : compile(s.else);
      checks.push((v) => (isObject(v) ? then(v) : otherwise(v)));
    } else if (s.then !== undefined || s.else !== undefined) return never;
    if (s.type !== undefined) {
      const types = typeof s.type === "string" ? [s.type] : s.type;
      if (!Array.isArray(types) || types.some((t) => typeof t !== "string" || !(t in TYPE_TESTS))) return never;
      const tests = types.map((t) => TYPE_TESTS[t as string]!);
      checks.push((v) => {
        for (let i = 0; i < tests.length; i++) if (tests[i]!(v)) return true;
        return false;
      });
    }
    if (s.properties !== undefined || s.additionalProperties !== undefined) {
      if (s.properties !== undefined && !isObject(s.properties)) return never;
      const props = new Map<string, Check>();
      for (const [name, sub] of Object.entries(s.properties ?? {})) props.set(name, compile(sub));
      const extra = s.additionalProperties;
      const other: Check | null =
        extra === undefined || extra === true ? always : extra === false ? null : compile(extra);
      checks.push((v) => {
        if (!isObject(v)) return true;
        // for...in, as ajv's additionalProperties loop reads the object.
        for (const k in v) {
          const prop = props.get(k);
          if (prop !== undefined && Object.prototype.hasOwnProperty.call(v, k)) {
            if (!prop(v[k])) return false;
          } else if (other === null || !other(v[k])) return false;
        }
        return true;
      });
    }
    if (s.items !== undefined) {
      if (!isObject(s.items)) return never;
      const item = compile(s.items);
      checks.push((v) => {
        if (!Array.isArray(v)) return true;
        for (let i = 0; i < v.length; i++) if (!item(v[i])) return false;
        return true;
      });
    }
    for (const bound of ["minimum", "maximum"] as const) {
      const limit = s[bound];
      if (limit === undefined) continue;
      if (typeof limit !== "number") return never;
      checks.push((v) =>
        typeof v !== "number" || !Number.isFinite(v) ? true : bound === "minimum" ? v >= limit : v <= limit,
      );
    }
    if (s.goTime !== undefined) {
      if (s.goTime !== true) return never;
      checks.push((v) => typeof v !== "string" || rfc3339Error(v) === null);
    }
    if (s.goBase64 !== undefined) {
      if (s.goBase64 !== true) return never;
      checks.push((v) => typeof v !== "string" || base64ErrorOffset(v) < 0);
    }
    if (checks.length === 0) return always;
    if (checks.length === 1) return checks[0]!;
    return (v) => {
      for (let i = 0; i < checks.length; i++) if (!checks[i]!(v)) return false;
      return true;
    };
  };

  return compile(root);
}
