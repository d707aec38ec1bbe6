// Inputs for the robustness tests: the CRDs of fixtures/ mutated as values and as text, random YAML, and a
// fixed list of hostile inputs (each is named in the README's Reliability section). Pure generators: the
// tests decide what must hold.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { parseAllDocuments, stringify } from "yaml";
import { root } from "./cli.mjs";
import * as api from "../../dist/index.js";

function yamlFiles(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yamlFiles(p, out);
    else if (/\.ya?ml$/.test(name)) out.push(p);
  }
  return out;
}

/** Every YAML fixture, as text. */
export const fixtureTexts = yamlFiles(join(root, "fixtures")).map((p) => ({
  name: relative(root, p),
  text: readFileSync(p, "utf8"),
}));

/** Every CRD document of the fixtures, as a plain value (those that cannot be one, e.g. a cycle through an anchor, are fixtures of their own). */
export const fixtureCrds = fixtureTexts.flatMap(({ text }) =>
  parseAllDocuments(text, { logLevel: "error" })
    .filter((d) => d.errors.length === 0)
    .flatMap((d) => {
      try {
        const v = d.toJS({ maxAliasCount: 100 });
        return v && typeof v === "object" && v.kind === "CustomResourceDefinition" && JSON.stringify(v) !== undefined
          ? [v]
          : [];
      } catch {
        return [];
      }
    }),
);

/** Strings that have broken parsers, validators and JavaScript objects before. */
const hostileString = fc.constantFrom(
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "",
  " ",
  "\t",
  "\0",
  "\uFEFF",
  "\uD800",
  "\uDFFF",
  "🦄".repeat(3),
  "a".repeat(70_000),
  "$ref",
  "#/definitions/x",
  "self",
  "oldSelf",
  "self.",
  "self.a.b.c.d.e.f.g",
  "(".repeat(300),
  ")",
  "[" + "[".repeat(200),
  "has(self.x)",
  "self.all(x, self.all(y, self.all(z, true)))",
  "size(self) > 1 ? 'a' : 1",
  "dyn(self)",
  "self == oldSelf",
  "'\\u0000'",
  "b'\\xff'",
  "duration('1h')",
  "timestamp('x')",
  "quantity('1Gi')",
  "ip('::1')",
  "x-kubernetes-int-or-string",
  "(a+)+$",
  "(?P<name>x)",
  "\\",
  "[",
  "a{1000000}",
  "\\p{Greek}",
  "(?i)x",
  "^$",
  "date-time",
  "int-or-string",
  "byte",
  "object",
  "array",
  "string",
  "integer",
  "number",
  "boolean",
  "null",
  "v1",
  "v1beta1",
  "v0",
  "V1",
  "a.b",
  "-",
  "9223372036854775807",
  "9223372036854775808",
  "-9223372036854775809",
  "1e400",
  "0x1F",
  "0o17",
  "017",
  ".inf",
  ".nan",
  "1Gi",
  "1.5",
  "yes",
  "no",
  "on",
  "off",
  "~",
  "null",
  "true",
  "2024-01-01T00:00:00Z",
);

const hostileNumber = fc.constantFrom(
  0,
  -0,
  1,
  -1,
  0.5,
  1e-300,
  1e300,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  2 ** 63,
  -(2 ** 63),
  2 ** 64,
  1e21,
);

/** Any value a YAML or JSON document can hold, leaning to the hostile ones. */
export const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.string({ maxLength: 10 })), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** CEL expressions built from the language's grammar: the functions and macros the apiserver's environment has, on self and oldSelf. */
export const celExpr = fc.letrec((tie) => ({
  expr: fc.oneof(
    { depthSize: "small", maxDepth: 4, withCrossShrink: true },
    fc.constantFrom(
      "self.items.all(i, i.key.size() < 5 && i.value >= 0)",
      "self.tags.exists_one(t, t == 'a')",
      "self.name.matches('^[a-z]+$')",
      "self.labels.all(k, self.labels[k].size() <= 63)",
      "self.items.map(i, i.key).filter(k, k.startsWith('x')).size() == 0",
      "has(self.name) ? self.name != oldSelf.name : true",
      "self.replicas <= 10 || self.ratio > 0.5",
      "quantity(self.name).isGreaterThan(quantity('1Gi'))",
      "self.items.all(a, self.items.all(b, a.key != b.key || a == b))",
      "string(self.any) != ''",
      "self.tags.join(',').size() < 100",
    ),
    fc.constantFrom(
      "self",
      "oldSelf",
      "self.spec",
      "self.name",
      "self.items",
      "self.metadata.name",
      "oldSelf.value()",
      "self.?x",
      "1",
      "-1",
      "1u",
      "2.5",
      "'a'",
      '"\\d+"',
      "b'ab'",
      "true",
      "null",
      "[]",
      "{}",
      "[1, 2]",
      "{'a': 1}",
      "9223372036854775807",
      "-9223372036854775808",
      "18446744073709551615u",
    ),
    fc
      .tuple(
        tie("expr"),
        fc.constantFrom("+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "in"),
        tie("expr"),
      )
      .map(([a, op, b]) => `${a} ${op} ${b}`),
    fc.tuple(fc.constantFrom("!", "-", "!!", "--"), tie("expr")).map(([op, a]) => `${op}${a}`),
    fc.tuple(tie("expr"), tie("expr"), tie("expr")).map(([a, b, c]) => `${a} ? ${b} : ${c}`),
    fc
      .tuple(tie("expr"), fc.constantFrom("x", "y", "name", "spec", "items", "__proto__", "size", "all", "self"))
      .map(([a, f]) => `${a}.${f}`),
    fc.tuple(tie("expr"), tie("expr")).map(([a, i]) => `${a}[${i}]`),
    fc
      .tuple(
        fc.constantFrom(
          "size",
          "has",
          "int",
          "uint",
          "double",
          "string",
          "bytes",
          "bool",
          "dyn",
          "type",
          "duration",
          "timestamp",
          "quantity",
          "ip",
          "cidr",
          "url",
          "isURL",
          "isIP",
          "isCIDR",
          "isQuantity",
          "format.named",
          "matches",
        ),
        tie("expr"),
      )
      .map(([fn, a]) => `${fn}(${a})`),
    fc
      .tuple(tie("expr"), fc.constantFrom("all", "exists", "exists_one", "map", "filter"), tie("expr"))
      .map(([a, m, b]) => `${a}.${m}(x, ${b})`),
    fc
      .tuple(
        tie("expr"),
        fc.constantFrom(
          "size()",
          "startsWith('a')",
          "endsWith('a')",
          "contains('a')",
          "matches('^a+$')",
          "matches('(')",
          "lowerAscii()",
          "split(',')",
          "join(',')",
          "isSorted()",
          "sum()",
          "min()",
          "max()",
          "indexOf('a')",
          "reverse()",
          "orValue(1)",
          "hasValue()",
          "getHours()",
          "isGreaterThan(quantity('1'))",
          "validate('x')",
          "ip()",
          "family()",
        ),
        tie("expr"),
      )
      .map(([a, call]) => `${a}.${call}`),
    fc.tuple(tie("expr")).map(([a]) => `(${a})`),
  ),
})).expr;

/** Schema keywords with values of the right shape and hostile content, to reach the CEL, default and list-type checks. */
const schemaSnippet = fc.oneof(
  fc.record({
    "x-kubernetes-validations": fc.array(
      fc.record(
        {
          rule: fc.oneof(celExpr, hostileString),
          messageExpression: fc.option(celExpr, { nil: undefined }),
          fieldPath: fc.option(fc.constantFrom(".x", ".spec", "[0]", ".a['b']", "", "x", ".__proto__"), {
            nil: undefined,
          }),
          reason: fc.option(fc.constantFrom("FieldValueInvalid", "Nope"), { nil: undefined }),
          optionalOldSelf: fc.option(fc.boolean(), { nil: undefined }),
        },
        { requiredKeys: ["rule"] },
      ),
      { minLength: 1, maxLength: 3 },
    ),
  }),
  fc.record({ default: anyValue }),
  fc.record(
    {
      type: fc.constantFrom("string", "integer", "number", "boolean", "object", "array", "null", ""),
      format: fc.option(hostileString, { nil: undefined }),
      pattern: fc.option(hostileString, { nil: undefined }),
      enum: fc.option(fc.array(anyValue, { maxLength: 4 }), { nil: undefined }),
    },
    { requiredKeys: ["type"] },
  ),
  fc.record({
    type: fc.constant("array"),
    "x-kubernetes-list-type": fc.constantFrom("map", "set", "atomic", "other"),
    "x-kubernetes-list-map-keys": fc.array(hostileString, { maxLength: 3 }),
    items: fc.constantFrom(
      { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
      { type: "string" },
      {},
    ),
    maxItems: fc.option(hostileNumber, { nil: undefined }),
  }),
  fc.record({
    "x-kubernetes-int-or-string": fc.constant(true),
    anyOf: fc.constant([{ type: "integer" }, { type: "string" }]),
  }),
  fc.record({
    "x-kubernetes-embedded-resource": fc.boolean(),
    "x-kubernetes-preserve-unknown-fields": fc.boolean(),
    type: fc.constant("object"),
  }),
  fc.record(
    {
      maxLength: hostileNumber,
      maxItems: hostileNumber,
      maxProperties: hostileNumber,
      minimum: hostileNumber,
      maximum: hostileNumber,
      multipleOf: hostileNumber,
    },
    { requiredKeys: [] },
  ),
);

/** One edit of a value tree: where (an index into its nodes, taken modulo their count) and what. */
const edit = fc.record({
  at: fc.nat(),
  op: fc.constantFrom(
    "replace",
    "delete",
    "wrap-in-list",
    "empty",
    "add-key",
    "duplicate-subtree",
    "stringify",
    "schema-snippet",
    "schema-snippet",
    "schema-snippet",
  ),
  snippet: schemaSnippet,
  key: fc.oneof(
    hostileString,
    fc.constantFrom(
      "type",
      "properties",
      "items",
      "x-kubernetes-validations",
      "default",
      "enum",
      "pattern",
      "format",
      "required",
      "x-kubernetes-list-type",
      "x-kubernetes-list-map-keys",
      "x-kubernetes-preserve-unknown-fields",
      "x-kubernetes-embedded-resource",
      "x-kubernetes-int-or-string",
      "additionalProperties",
      "allOf",
      "oneOf",
      "anyOf",
      "not",
      "nullable",
      "maxItems",
      "maxLength",
      "maxProperties",
      "minimum",
      "rule",
      "messageExpression",
      "fieldPath",
      "reason",
      "optionalOldSelf",
      "served",
      "storage",
      "subresources",
      "additionalPrinterColumns",
      "selectableFields",
      "conversion",
      "names",
      "scope",
      "group",
      "versions",
      "metadata",
      "$ref",
      "description",
    ),
  ),
  value: anyValue,
});

function nodes(value, out = [], parent = null, key = null) {
  out.push({ value, parent, key });
  if (Array.isArray(value)) value.forEach((v, i) => nodes(v, out, value, i));
  else if (value && typeof value === "object") for (const k of Object.keys(value)) nodes(value[k], out, value, k);
  return out;
}

function setChild(parent, key, v) {
  if (Array.isArray(parent)) parent[key] = v;
  else Object.defineProperty(parent, key, { value: v, enumerable: true, writable: true, configurable: true });
}

/** Applies edits to a deep copy of a CRD; keys such as __proto__ become own properties, as YAML makes them. */
export function applyEdits(crd, edits) {
  let doc = structuredClone(crd);
  for (const e of edits) {
    const all = nodes(doc);
    const n = all[e.at % all.length];
    const put = (v) => (n.parent === null ? (doc = v) : setChild(n.parent, n.key, v));
    switch (e.op) {
      case "replace":
        put(structuredClone(e.value));
        break;
      case "delete":
        if (n.parent !== null) Array.isArray(n.parent) ? n.parent.splice(n.key, 1) : delete n.parent[n.key];
        break;
      case "wrap-in-list":
        put([n.value]);
        break;
      case "empty":
        put(Array.isArray(n.value) ? [] : n.value && typeof n.value === "object" ? {} : "");
        break;
      case "add-key":
        if (n.value && typeof n.value === "object" && !Array.isArray(n.value))
          setChild(n.value, e.key, structuredClone(e.value));
        break;
      case "duplicate-subtree":
        if (n.value && typeof n.value === "object" && !Array.isArray(n.value))
          setChild(n.value, e.key, structuredClone(n.value));
        break;
      case "stringify":
        put(JSON.stringify(n.value) ?? "null");
        break;
      case "schema-snippet":
        if (n.value && typeof n.value === "object" && !Array.isArray(n.value))
          for (const [k, v] of Object.entries(structuredClone(e.snippet))) if (v !== undefined) setChild(n.value, k, v);
        break;
    }
  }
  return doc;
}

/** A fixture CRD with 1-6 edits, written as YAML or JSON (both are what crdlint reads). */
export const mutatedCrd = fc
  .record({
    crd: fc.constantFrom(...fixtureCrds),
    edits: fc.array(edit, { minLength: 1, maxLength: 6 }),
    json: fc.boolean(),
  })
  .map(({ crd, edits, json }) => {
    const doc = applyEdits(crd, edits);
    return json ? JSON.stringify(doc, null, 1) : stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 });
  });

const splice = fc.constantFrom(
  ": ",
  "- ",
  "-",
  "? ",
  "&a ",
  "*a",
  "*b",
  "&a [*a]",
  "<<: *a\n",
  "!!binary ",
  "!!str ",
  "!!int ",
  "!!set ",
  "!!omap ",
  "!custom ",
  "!<tag:x> ",
  "{",
  "}",
  "[",
  "]",
  '"',
  "'",
  "|",
  ">-",
  "%YAML 1.1\n",
  "%TAG ! tag:x,2000:\n",
  "---\n",
  "...\n",
  "\t",
  "\r",
  "\r\n",
  "\0",
  "\uFEFF",
  "#",
  " #",
  "@",
  "`",
  "\\",
  "\\u",
  "\n  ",
  "\n    - ",
  "\n      x: ",
  "key: value\n",
  "{a: 1, a: 2}",
  "y: n\n",
  "0755",
  "1e400",
  ".nan",
  "~",
  "\uD800",
  "💥",
  "\u2028",
  "\u0085",
);

/** A fixture's text cut, spliced with YAML indicators, duplicated lines or re-indented. */
export const mutatedText = fc
  .record({
    file: fc.constantFrom(...fixtureTexts),
    edits: fc.array(
      fc.record({
        at: fc.nat(),
        len: fc.nat({ max: 40 }),
        op: fc.constantFrom("insert", "delete", "truncate", "duplicate-line", "indent", "dedent"),
        text: fc.oneof(splice, fc.string({ unit: "grapheme-ascii", maxLength: 12 })),
      }),
      { minLength: 1, maxLength: 5 },
    ),
  })
  .map(({ file, edits }) => {
    let t = file.text;
    for (const e of edits) {
      const i = t.length ? e.at % t.length : 0;
      const lineStart = t.lastIndexOf("\n", i - 1) + 1;
      const lineEnd = t.indexOf("\n", i) === -1 ? t.length : t.indexOf("\n", i);
      if (e.op === "insert") t = t.slice(0, i) + e.text + t.slice(i);
      else if (e.op === "delete") t = t.slice(0, i) + t.slice(i + e.len);
      else if (e.op === "truncate") t = t.slice(0, i);
      else if (e.op === "duplicate-line")
        t = t.slice(0, lineEnd) + "\n" + t.slice(lineStart, lineEnd) + t.slice(lineEnd);
      else if (e.op === "indent") t = t.slice(0, lineStart) + " ".repeat((e.len % 5) + 1) + t.slice(lineStart);
      else if (e.op === "dedent") t = t.slice(0, lineStart) + t.slice(lineStart).replace(/^ {1,4}/, "");
    }
    return t;
  });

/** A structural CRD whose schema carries grammar-built CEL rules (and messageExpressions) on nodes of every type, so that compile and cost run. */
export const celRules = fc
  .record({
    rules: fc.array(
      fc.record(
        { rule: celExpr, messageExpression: fc.option(celExpr, { nil: undefined }) },
        { requiredKeys: ["rule"] },
      ),
      { minLength: 1, maxLength: 3 },
    ),
    on: fc.constantFrom("spec", "name", "items", "tags", "replicas", "ratio", "labels", "any"),
    maxItems: fc.option(fc.oneof(fc.nat(1000), fc.nat(1000), hostileNumber), { nil: undefined }),
    maxLength: fc.option(fc.oneof(fc.nat(1000), fc.nat(1000), hostileNumber), { nil: undefined }),
  })
  .map(({ rules, on, maxItems, maxLength }) => {
    const props = {
      name: { type: "string", ...(maxLength !== undefined ? { maxLength } : {}) },
      items: {
        type: "array",
        ...(maxItems !== undefined ? { maxItems } : {}),
        items: {
          type: "object",
          properties: { key: { type: "string", maxLength: 10 }, value: { type: "integer" } },
          required: ["key"],
        },
        "x-kubernetes-list-type": "map",
        "x-kubernetes-list-map-keys": ["key"],
      },
      tags: { type: "array", items: { type: "string" }, "x-kubernetes-list-type": "set" },
      replicas: { type: "integer", format: "int32" },
      ratio: { type: "number" },
      labels: { type: "object", additionalProperties: { type: "string" } },
      any: { "x-kubernetes-int-or-string": true },
    };
    const spec = { type: "object", properties: props };
    (on === "spec" ? spec : props[on])["x-kubernetes-validations"] = rules;
    return withSchema(stringify({ type: "object", properties: { spec } }, { lineWidth: 0 }).trimEnd());
  });

/** Random YAML: random values written as YAML, random lines of YAML indicators, random text and bytes. */
export const randomYaml = fc.oneof(
  anyValue.map((v) => stringify(v, { lineWidth: 0 })),
  fc.array(fc.oneof(splice, fc.string({ maxLength: 8 })), { maxLength: 30 }).map((parts) => parts.join("")),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString("latin1")),
  anyValue.map(
    (v) =>
      `apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n${stringify({ metadata: { name: "a.b.c" }, spec: v }, { lineWidth: 0 })}`,
  ),
);

const crdHead =
  "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n  scope: Namespaced\n  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}\n  versions:\n  - name: v1\n    served: true\n    storage: true\n";
const withSchema = (schema) => `${crdHead}    schema:\n      openAPIV3Schema:\n${schema.replace(/^/gm, "        ")}\n`;
const withRule = (rule) =>
  withSchema(
    `type: object\nproperties:\n  spec:\n    type: object\n    x-kubernetes-validations:\n    - rule: ${JSON.stringify(rule)}\n    properties:\n      name: {type: string, maxLength: 10}\n      items: {type: array, maxItems: 10, items: {type: string, maxLength: 10}}`,
  );
function nestedProperties(depth) {
  let s = "type: string";
  for (let i = 0; i < depth; i++) s = `type: object\nproperties:\n  p:\n${s.replace(/^/gm, "    ")}`;
  return s;
}

/**
 * The fixed hostile inputs: name (as the README lists it), the text, and what crdlint does with it
 * (`rules`: rule ids that must be among the findings; an empty list: linted with no finding required).
 */
export const hostileInputs = [
  { name: "empty file", text: "", rules: [] },
  { name: "only comments and document markers", text: "# nothing\n---\n...\n---\n", rules: [] },
  {
    name: "binary data (random bytes, NUL, invalid UTF-8)",
    text: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)).toString("latin1"),
    rules: [],
  },
  {
    name: "byte order mark and CRLF line ends",
    text: "\uFEFF" + crdHead.replace(/\n/g, "\r\n") + "    schema: {openAPIV3Schema: {type: object}}\r\n",
    rules: [],
  },
  {
    name: "alias bomb (billion laughs)",
    text: "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n",
    rules: ["yaml-alias-limit"],
  },
  {
    name: "self-referencing alias",
    text: "a: &a [*a]\n",
    rules: ["yaml-syntax"],
    message: /^anchor 'a' value contains itself$/,
  },
  {
    name: "undefined alias",
    text: "a: *nowhere\n",
    rules: ["yaml-syntax"],
    message: /^unknown anchor 'nowhere' referenced$/,
  },
  {
    name: "deeply nested flow sequences (10,000 levels)",
    text: "[".repeat(10_000) + "]".repeat(10_000) + "\n",
    rules: ["yaml-syntax"],
    message: /nested too deeply/,
  },
  {
    name: "deeply nested block mappings (2,000 levels)",
    text: Array.from({ length: 2000 }, (_, i) => " ".repeat(i) + "k:").join("\n") + " v\n",
    rules: ["yaml-syntax"],
    message: /nested too deeply/,
  },
  { name: "schema nested 300 levels deep", text: withSchema(nestedProperties(300)), rules: [] },
  { name: "a 1 MB line", text: `a: ${"x".repeat(1 << 20)}\n`, rules: [] },
  { name: "10,000 empty documents", text: "---\n".repeat(10_000), rules: [] },
  {
    name: "duplicate keys",
    text:
      crdHead.replace("  group: example.com\n", "  group: example.com\n  group: other.com\n") +
      "    schema: {openAPIV3Schema: {type: object}}\n",
    rules: ["yaml-duplicate-key"],
  },
  {
    name: "__proto__, constructor and prototype as keys",
    text: withSchema(
      "type: object\nproperties:\n  __proto__: {type: string}\n  constructor: {type: object}\n  prototype: {type: integer}\n  hasOwnProperty: {type: string}\nrequired: [__proto__, constructor]\nx-kubernetes-validations:\n- rule: self.__proto__ == 'a' && has(self.constructor)",
    ),
    rules: ["cel-compile-failed"],
  },
  {
    name: "merge keys (<<)",
    text: "base: &b {type: string}\n" + withSchema("type: object\nproperties:\n  a:\n    <<: *b\n    maxLength: 3"),
    rules: [],
  },
  {
    name: "complex (non-string) keys",
    text: "? [a, b]\n: 1\n? {c: d}\n: 2\n1: x\ntrue: y\nnull: z\n",
    rules: ["yaml-not-json"],
    message: /invalid map key/,
  },
  {
    name: "YAML tags (!!binary, !!set, !!omap, custom)",
    text: "a: !!binary aGVsbG8=\nb: !!set {x, y}\nc: !!omap [{x: 1}]\nd: !custom thing\ne: !<tag:example.com,2000:x> y\n",
    rules: [],
  },
  {
    name: "YAML 1.1 scalars (yes/no/on/off, octal, sexagesimal, .inf, .nan)",
    text: withSchema(
      "type: object\nproperties:\n  a: {type: integer, default: 0755, maximum: .inf, minimum: .nan}\n  y: {type: boolean, default: yes}\n  n: {type: string, default: 1:20}",
    ),
    rules: ["yaml-boolean-key"],
  },
  {
    name: "numbers beyond int64 and float64",
    text: withSchema(
      "type: object\nproperties:\n  a: {type: integer, maximum: 99999999999999999999999999, minimum: -9223372036854775809, multipleOf: 1e400}\n  b: {type: string, maxLength: 18446744073709551616}\n  c: {type: array, maxItems: 9223372036854775807, items: {type: string}}",
    ),
    rules: ["decode-type-mismatch"],
  },
  {
    name: "wrong types everywhere (lists for maps, numbers for strings)",
    text: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: [1, 2]\nspec:\n  group: 42\n  names: [a]\n  scope: {x: 1}\n  versions: {v1: true}\n",
    rules: ["decode-type-mismatch"],
  },
  {
    name: "JSON with duplicate keys and trailing commas",
    text: '{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition", "kind": "CustomResourceDefinition", "metadata": {"name": "a.b.c",},}',
    rules: ["yaml-duplicate-key"],
  },
  {
    name: "a CEL rule of 300 nested parentheses",
    text: withRule("(".repeat(300) + "true" + ")".repeat(300)),
    rules: ["cel-compile-failed"],
    message: /recursion limit exceeded/,
  },
  {
    name: "a CEL rule of 100,000 characters",
    text: withRule(
      Array.from({ length: 10_000 }, () => "self.name")
        .join(" + ")
        .slice(0, 100_000) + " == ''",
    ),
    rules: ["cel-compile-failed"],
    message: /code point size exceeds limit/,
  },
  {
    name: "a CEL rule of 1,000 chained && terms",
    text: withRule(Array.from({ length: 1000 }, (_, i) => `size(self.name) != ${i}`).join(" && ")),
    rules: [],
  },
  {
    name: "CEL comprehensions nested 10 deep",
    text: withRule(Array.from({ length: 10 }, (_, i) => `self.items.all(x${i}, `).join("") + "true" + ")".repeat(10)),
    rules: ["cel-cost-rule-exceeds-budget"],
  },
  {
    name: "CEL with invalid UTF-8, NUL and lone surrogates",
    text: withRule("self.name == '\u0000\uD800' && self.name != b'\\xff'"),
    rules: [],
  },
  {
    name: "a pattern with catastrophic backtracking in JavaScript",
    text: withSchema(
      "type: object\nproperties:\n  a:\n    type: string\n    pattern: '^(a+)+$'\n    default: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!",
    ),
    rules: ["default-schema-mismatch"],
  },
  {
    name: "invalid and RE2-only regular expressions",
    text: withSchema(
      "type: object\nproperties:\n  a: {type: string, pattern: '(?P<n>x)[', default: x}\n  b: {type: string, pattern: '(?<=x)y'}\n  c: {type: string, pattern: '\\p{Greek}+'}",
    ),
    rules: ["schema-pattern-invalid"],
  },
  {
    name: "$ref, definitions and recursive schemas",
    text: withSchema(
      "type: object\n$ref: '#/definitions/a'\ndefinitions: {a: {$ref: '#/definitions/a'}}\nproperties:\n  a: {$ref: '#'}",
    ),
    rules: ["forbidden-field-ref", "forbidden-field-definitions"],
  },
  {
    name: "an enum of 50,000 values",
    text: withSchema(
      `type: object\nproperties:\n  a:\n    type: string\n    enum: [${Array.from({ length: 50_000 }, (_, i) => `v${i}`).join(", ")}]`,
    ),
    rules: [],
  },
  {
    name: "1,000 versions",
    text: crdHead.replace(
      /  versions:[\s\S]*$/,
      "  versions:\n" +
        Array.from(
          { length: 1000 },
          (_, i) =>
            `  - {name: v${i + 1}, served: true, storage: ${i === 0}, schema: {openAPIV3Schema: {type: object}}}`,
        ).join("\n") +
        "\n",
    ),
    rules: [],
  },
];

const ruleIds = new Set(api.rules.map((r) => r.id));
const formats = ["text", "json", "sarif", "junit", "github"].map((name) => api.getFormatter(name).formatter);

/** What must hold for every input: a report whose diagnostics are well formed, that every formatter renders, and no rule crashed. */
export function checkReport(result) {
  if (!result || !Array.isArray(result.diagnostics) || typeof result.summary !== "object")
    throw new Error("lintText returned no report");
  for (const d of result.diagnostics) {
    if (d.rule === "internal-error") throw new Error(`a rule crashed: ${d.message}`);
    if (!ruleIds.has(d.rule)) throw new Error(`unknown rule ${d.rule}`);
    if (!["error", "warning", "info"].includes(d.severity)) throw new Error(`bad severity ${d.severity}`);
    // An apiserver field error may have no detail (`spec.group: Required value`); anything else says something.
    if (typeof d.message !== "string" || (d.message === "" && !d.type)) throw new Error(`empty message from ${d.rule}`);
    for (const k of ["line", "column", "endLine", "endColumn"])
      if (!Number.isInteger(d[k]) || d[k] < (k === "endColumn" ? 0 : 1)) throw new Error(`${d.rule}: ${k} is ${d[k]}`);
    if (d.endLine < d.line) throw new Error(`${d.rule}: ends (line ${d.endLine}) before it starts (line ${d.line})`);
  }
  const s = result.summary;
  // Diagnostics behind another problem (hiddenBy) are counted apart, in summary.hidden.
  if (s.errors !== result.diagnostics.filter((d) => d.severity === "error" && !d.hiddenBy).length)
    throw new Error("summary.errors does not count the errors");
  if ((s.hidden?.errors ?? 0) !== result.diagnostics.filter((d) => d.severity === "error" && d.hiddenBy).length)
    throw new Error("summary.hidden.errors does not count the hidden errors");
  for (const f of formats) f(result, { cwd: "/", color: false, toolVersion: "0", rules: api.rules, failOn: "error" });
}
