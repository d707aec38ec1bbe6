// The structural schema diff (src/crd/schema-diff.ts): one record per kind of change, with OLD and NEW paths.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parse } from "yaml";
import { diffSchemas, diffCrdSchemas } from "../../dist/crd/schema-diff.js";
import { buildCrdView } from "../../dist/crd/model.js";
import { DualPath } from "../../dist/k8s/path.js";

const ROOT = DualPath.root("spec", "versions").index(0).child("schema", "openAPIV3Schema");
const obj = (properties, extra = {}) => ({ type: "object", properties, ...extra });
const spec = (properties, extra = {}) => obj({ spec: obj(properties, extra) });
const diff = (o, n, options) => diffSchemas(o, ROOT, n, ROOT, options);
/** kind field keyword, sorted: what changed, in one line each. */
const brief = (changes) => changes.map((c) => [c.kind, c.field, c.keyword ?? ""].join(" ").trim()).sort();

test("identical schemas: no change", () => {
  const s = spec({ a: { type: "string", enum: ["x"], maxLength: 3 }, l: { type: "array", items: { type: "string" } } });
  assert.deepEqual(diff(s, structuredClone(s)), []);
});

test("field removed, with OLD's path and no NEW path; nothing below it is compared", () => {
  const c = diff(
    spec({ a: obj({ b: { type: "string" } }), keep: { type: "integer" } }),
    spec({ keep: { type: "integer" } }),
  );
  assert.deepEqual(brief(c), ["field-removed spec.a"]);
  assert.equal(c[0].oldPath.toString(), "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[a]");
  assert.equal(c[0].newPath, null);
  assert.equal(c[0].parentPreservesUnknown, false);
});

test("field removed under x-kubernetes-preserve-unknown-fields: flagged as kept", () => {
  const c = diff(
    spec({ a: { type: "string" } }, { "x-kubernetes-preserve-unknown-fields": true }),
    spec({}, { "x-kubernetes-preserve-unknown-fields": true }),
  );
  assert.deepEqual(brief(c), ["field-removed spec.a"]);
  assert.equal(c[0].parentPreservesUnknown, true);
});

test("field renamed: an unambiguous identical subschema at the same parent (heuristic)", () => {
  const sub = { type: "object", properties: { x: { type: "integer", minimum: 1 } } };
  const c = diff(spec({ oldName: sub }), spec({ newName: structuredClone(sub) }));
  assert.deepEqual(brief(c), ["field-renamed spec.oldName"]);
  assert.equal(c[0].renamedTo.name, "newName");
  assert.equal(
    c[0].renamedTo.path.toString(),
    "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[newName]",
  );
});

test("no rename when the pairing is ambiguous or the subschemas differ", () => {
  const s = { type: "string" };
  assert.deepEqual(brief(diff(spec({ a: s, b: s }), spec({ c: s }))), [
    "field-added spec.c",
    "field-removed spec.a",
    "field-removed spec.b",
  ]);
  assert.deepEqual(brief(diff(spec({ a: s }), spec({ c: { type: "integer" } }))), [
    "field-added spec.c",
    "field-removed spec.a",
  ]);
});

test("a new field's own keywords are no tightening; the parent's required list is", () => {
  const c = diff(
    spec({}),
    spec(
      { n: { type: "object", required: ["x"], properties: { x: { type: "string", pattern: "^a$" } } } },
      { required: ["n"] },
    ),
  );
  assert.deepEqual(brief(c), ["field-added spec.n", "required-added spec required"]);
  const req = c.find((x) => x.kind === "required-added");
  assert.deepEqual(req.values, ["n"]);
  assert.equal(req.newField, true);
  assert.equal(req.hasDefault, false);
});

test("required on an existing field, with a default", () => {
  const c = diff(
    spec({ a: { type: "string", default: "x" } }),
    spec({ a: { type: "string", default: "x" } }, { required: ["a"] }),
  );
  assert.deepEqual(brief(c), ["required-added spec required"]);
  assert.equal(c[0].newField, false);
  assert.equal(c[0].hasDefault, true);
});

test("type, format, nullable, default, description", () => {
  assert.deepEqual(brief(diff(spec({ a: { type: "string" } }), spec({ a: { type: "integer" } }))), [
    "type-changed spec.a type",
  ]);
  const c = diff(
    spec({ a: { type: "string", format: "date", default: "x", description: "one" } }),
    spec({ a: { type: "string", format: "date-time", nullable: true, default: "y", description: "two" } }),
  );
  assert.deepEqual(brief(c), [
    "default-changed spec.a default",
    "description-changed spec.a description",
    "format-changed spec.a format",
    "nullable-changed spec.a nullable",
  ]);
  const f = c.find((x) => x.kind === "format-changed");
  assert.equal(f.before, "date");
  assert.equal(f.after, "date-time");
});

test("type change stops the comparison below it", () => {
  const c = diff(spec({ a: obj({ b: { type: "string" } }) }), spec({ a: { type: "string" } }));
  assert.deepEqual(brief(c), ["type-changed spec.a type"]);
});

test("enum: added, values removed, values added, removed (loosening: nothing)", () => {
  assert.deepEqual(brief(diff(spec({ m: { type: "string" } }), spec({ m: { type: "string", enum: ["A"] } }))), [
    "enum-added spec.m enum",
  ]);
  const c = diff(spec({ m: { type: "string", enum: ["A", "B"] } }), spec({ m: { type: "string", enum: ["B", "C"] } }));
  assert.deepEqual(brief(c), ["enum-value-added spec.m enum", "enum-value-removed spec.m enum"]);
  assert.deepEqual(c.find((x) => x.kind === "enum-value-removed").values, ["A"]);
  assert.deepEqual(c.find((x) => x.kind === "enum-value-added").values, ["C"]);
  assert.deepEqual(brief(diff(spec({ m: { type: "string", enum: ["A"] } }), spec({ m: { type: "string" } }))), []);
  // A reordering is no change.
  assert.deepEqual(
    brief(diff(spec({ m: { type: "string", enum: ["A", "B"] } }), spec({ m: { type: "string", enum: ["B", "A"] } }))),
    [],
  );
});

test("bounds: added or tighter is tightened, removed or wider is loosened", () => {
  const c = diff(
    spec({
      s: { type: "string", maxLength: 10, minLength: 1 },
      l: { type: "array", items: { type: "string" }, maxItems: 5 },
      n: { type: "integer", minimum: 0 },
    }),
    spec({
      s: { type: "string", maxLength: 5, minLength: 0 },
      l: { type: "array", items: { type: "string" } },
      n: { type: "integer", minimum: 0, maximum: 9 },
    }),
  );
  assert.deepEqual(brief(c), [
    "bounds-loosened spec.l maxItems",
    "bounds-loosened spec.s minLength",
    "bounds-tightened spec.n maximum",
    "bounds-tightened spec.s maxLength",
  ]);
  const t = c.find((x) => x.keyword === "maxLength");
  assert.equal(t.before, 10);
  assert.equal(t.after, 5);
});

test("exclusive bounds, multipleOf, pattern", () => {
  const c = diff(
    spec({
      n: { type: "number", maximum: 5, multipleOf: 2 },
      p: { type: "string", pattern: "^a" },
      q: { type: "string", pattern: "^b" },
    }),
    spec({
      n: { type: "number", maximum: 5, exclusiveMaximum: true, multipleOf: 4 },
      p: { type: "string", pattern: "^ab" },
      q: { type: "string" },
    }),
  );
  assert.deepEqual(brief(c), [
    "exclusive-bound-added spec.n exclusiveMaximum",
    "multiple-of-changed spec.n multipleOf",
    "pattern-changed spec.p pattern",
  ]);
});

test("list type: unset is atomic; map keys; set", () => {
  const list = (extra = {}) => ({
    type: "array",
    items: obj({ name: { type: "string" } }, { required: ["name"] }),
    ...extra,
  });
  assert.deepEqual(brief(diff(spec({ l: list() }), spec({ l: list({ "x-kubernetes-list-type": "atomic" }) }))), []);
  const c = diff(
    spec({ l: list() }),
    spec({ l: list({ "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"] }) }),
  );
  assert.deepEqual(brief(c), ["list-type-changed spec.l x-kubernetes-list-type"]);
  assert.equal(c[0].before, "atomic");
  assert.equal(c[0].after, "map");
  const keys = diff(
    spec({ l: list({ "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"] }) }),
    spec({ l: list({ "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name", "port"] }) }),
  );
  assert.deepEqual(brief(keys), ["list-type-changed spec.l x-kubernetes-list-map-keys"]);
});

test("map type: unset is granular", () => {
  assert.deepEqual(
    brief(diff(spec({ m: obj({}) }), spec({ m: obj({}, { "x-kubernetes-map-type": "granular" }) }))),
    [],
  );
  assert.deepEqual(brief(diff(spec({ m: obj({}) }), spec({ m: obj({}, { "x-kubernetes-map-type": "atomic" }) }))), [
    "map-type-changed spec.m x-kubernetes-map-type",
  ]);
});

test("preserve-unknown-fields removed, additionalProperties changed, int-or-string, embedded-resource", () => {
  const c = diff(
    spec({
      raw: { type: "object", "x-kubernetes-preserve-unknown-fields": true },
      labels: { type: "object", additionalProperties: { type: "string" } },
      port: { "x-kubernetes-int-or-string": true },
      tpl: { type: "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true },
    }),
    spec({
      raw: { type: "object" },
      labels: { type: "object" },
      port: {},
      tpl: { type: "object", "x-kubernetes-preserve-unknown-fields": true },
    }),
  );
  assert.deepEqual(brief(c), [
    "additional-properties-changed spec.labels additionalProperties",
    "embedded-resource-changed spec.tpl x-kubernetes-embedded-resource",
    "int-or-string-changed spec.port x-kubernetes-int-or-string",
    "preserve-unknown-fields-removed spec.raw x-kubernetes-preserve-unknown-fields",
  ]);
});

test("additionalProperties schemas are compared as a map's values", () => {
  const c = diff(
    spec({ m: { type: "object", additionalProperties: { type: "string", maxLength: 9 } } }),
    spec({ m: { type: "object", additionalProperties: { type: "string", maxLength: 3 } } }),
  );
  assert.deepEqual(brief(c), ["bounds-tightened spec.m[*] maxLength"]);
  assert.equal(
    c[0].newPath.toString(),
    "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[m].additionalProperties",
  );
});

test("items are compared; the field reads [*]", () => {
  const c = diff(
    spec({ l: { type: "array", items: obj({ n: { type: "string" } }) } }),
    spec({ l: { type: "array", items: obj({}) } }),
  );
  assert.deepEqual(brief(c), ["field-removed spec.l[*].n"]);
});

test("quantors are matched by content: a reordering is no change (crdify's index false positive)", () => {
  const a = { properties: { x: { maxLength: 3 } } };
  const b = { properties: { y: { minLength: 1 } } };
  const base = { x: { type: "string" }, y: { type: "string" } };
  assert.deepEqual(brief(diff(spec(base, { anyOf: [a, b] }), spec(base, { anyOf: [b, a] }))), []);
  const c = diff(spec(base, { anyOf: [a, b] }), spec(base, { anyOf: [b, { properties: { x: { maxLength: 2 } } }] }));
  assert.deepEqual(brief(c), ["quantor-changed spec anyOf"]);
  assert.deepEqual(c[0].quantor, { removed: 1, added: 1 });
  assert.deepEqual(brief(diff(spec(base), spec(base, { not: { required: ["x"] } }))), ["quantor-changed spec not"]);
});

test("the top-level metadata subtree is marked", () => {
  const o = obj({ metadata: obj({ name: { type: "string" } }) });
  const n = obj({ metadata: obj({ name: { type: "string", maxLength: 20 } }) });
  const c = diff(o, n);
  assert.deepEqual(brief(c), ["bounds-tightened metadata.name maxLength"]);
  assert.equal(c[0].underMetadata, true);
  assert.equal(
    diff(spec({ a: { type: "string" } }), spec({ a: { type: "string", maxLength: 1 } }))[0].underMetadata,
    false,
  );
});

const rules = (...rs) => ({ "x-kubernetes-validations": rs.map((r) => (typeof r === "string" ? { rule: r } : r)) });

test("CEL: unchanged rules are matched by text, whatever their order", () => {
  assert.deepEqual(brief(diff(spec({}, rules("a", "b")), spec({}, rules("b", "a")))), []);
});

test("CEL: added, text edited, messageExpression and attributes changed", () => {
  const c = diff(
    spec(
      {},
      rules("self.x > 0", { rule: "self.y > 0", messageExpression: "'y'" }, { rule: "self.z > 0", message: "m" }),
    ),
    spec(
      {},
      rules(
        "self.x > 1",
        { rule: "self.y > 0", messageExpression: "'Y'" },
        { rule: "self.z > 0", message: "n", optionalOldSelf: true },
        "self.w == 1",
      ),
    ),
  );
  const cel = c.map((x) => `${x.kind}:${x.cel.change}:${x.cel.entry.rule}`).sort();
  assert.deepEqual(cel, [
    "cel-rule-added:added:self.w == 1",
    "cel-rule-changed:attributes:self.z > 0",
    "cel-rule-changed:messageExpression:self.y > 0",
    "cel-rule-changed:text:self.x > 1",
  ]);
  assert.deepEqual(c.find((x) => x.cel.change === "attributes").cel.attributes, ["message", "optionalOldSelf"]);
  assert.equal(c.find((x) => x.cel.change === "text").cel.oldEntry.rule, "self.x > 0");
});

test("CEL: a rule moved to another field stays the same rule (exact-string pre-existing match, A11)", () => {
  const c = diff(
    spec({ a: { type: "string", ...rules("self != ''") }, b: { type: "string" } }),
    spec({ a: { type: "string" }, b: { type: "string", ...rules("self != ''") } }),
  );
  assert.deepEqual(brief(c), ["cel-rule-changed spec.b x-kubernetes-validations"]);
  assert.equal(c[0].cel.change, "moved");
  assert.equal(c[0].cel.from.field, "spec.a");
});

test("CEL: a text pre-existing in another version is not new", () => {
  const c = diff(spec({}), spec({}, rules("self.a == 1")), { preexistingRules: new Set(["self.a == 1"]) });
  assert.deepEqual(brief(c), ["cel-rule-changed spec x-kubernetes-validations"]);
  assert.equal(c[0].cel.change, "moved");
});

test("CEL: rules on a new field are no tightening", () => {
  assert.deepEqual(brief(diff(spec({}), spec({ n: { type: "string", ...rules("self != ''") } }))), [
    "field-added spec.n",
  ]);
});

test("diffCrdSchemas: versions present on both sides, hoisted pairs diffed once", () => {
  const doc = (versions) =>
    buildCrdView(
      parse(`apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions: ${JSON.stringify(versions)}
`),
    );
  const v = (name, props, storage = false) => ({
    name,
    served: true,
    storage,
    schema: { openAPIV3Schema: spec(props) },
  });
  const oldCrd = doc([v("v1", { a: { type: "string" } }, true), v("v2", { a: { type: "string" } })]);
  const newCrd = doc([v("v1", {}, true), v("v2", {}), v("v3", {})]);
  const c = diffCrdSchemas(oldCrd, newCrd);
  assert.equal(c.length, 1);
  assert.deepEqual(c[0].versions, ["v1", "v2"]);
  assert.equal(c[0].kind, "field-removed");
  // A version removed with its field is not field-removed.
  const c2 = diffCrdSchemas(
    doc([v("v1", { a: { type: "string" } }, true), v("v2", { b: { type: "string" } })]),
    doc([v("v1", { a: { type: "string" } }, true)]),
  );
  assert.deepEqual(c2, []);
});

test("malformed schemas never throw: every keyword with the wrong JSON type on either side", () => {
  const junk = [null, true, 0, 1.5, "", "x", [], [1, "a", null], {}, { a: 1 }, { type: 5 }, [{ rule: 3 }]];
  const keys = [
    "type",
    "properties",
    "items",
    "additionalProperties",
    "enum",
    "required",
    "default",
    "maxLength",
    "minimum",
    "pattern",
    "format",
    "nullable",
    "x-kubernetes-validations",
    "x-kubernetes-list-type",
    "x-kubernetes-list-map-keys",
    "x-kubernetes-map-type",
    "allOf",
    "anyOf",
    "not",
    "description",
  ];
  const base = () => spec({ a: { type: "string" }, l: { type: "array", items: { type: "string" } } });
  let n = 0;
  for (const key of keys)
    for (const v of junk) {
      const bad = base();
      bad.properties.spec.properties.a[key] = v;
      bad.properties.spec[key] = v;
      assert.doesNotThrow(() => diff(base(), bad), `${key}: ${JSON.stringify(v)}`);
      assert.doesNotThrow(() => diff(bad, base()), `${key}: ${JSON.stringify(v)}`);
      assert.doesNotThrow(() => diff(bad, structuredClone(bad)));
      n++;
    }
  assert.equal(n, keys.length * junk.length);
});

test("deep schemas are compared to a bounded depth without throwing", () => {
  let o = { type: "string" };
  let m = { type: "integer" };
  for (let i = 0; i < 400; i++) {
    o = { type: "object", properties: { x: o } };
    m = { type: "object", properties: { x: m } };
  }
  assert.doesNotThrow(() => diff(o, m));
});
