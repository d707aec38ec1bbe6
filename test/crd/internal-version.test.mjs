// The internal []CustomResourceDefinitionVersion (src/crd/internal-version.ts) as the apiserver prints it in a
// `spec.versions: Invalid value: ...` error. The expected texts (internal-version.expected.json) were produced by Go:
// encoding/json's Marshal of the internal apiextensions types transcribed without json tags, filled by decoding each
// spec into the v1 types (with v1's UnmarshalJSON for items, additionalProperties, additionalItems and dependencies)
// and copying field by field, with identical per-version fields moved out (apiequality.Semantic.DeepEqual).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  identicalPerVersionFields,
  internalSchemaProps,
  internalVersions,
  internalVersionsValue,
  schemaPropsEqual,
  SCHEMA_PROPS_KEYS,
} from "../../dist/crd/internal-version.js";
import { Rng } from "../oracle/rng.mjs";
import { GoInterface, GoStruct, goJson, goSemanticEqual } from "../../dist/k8s/go.js";
import { renderValue } from "../../dist/k8s/validation.js";

const expected = JSON.parse(readFileSync(new URL("./internal-version.expected.json", import.meta.url), "utf8"));

const specs = {
  "every JSONSchemaProps field kind": {
    versions: [
      {
        name: "v1",
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            id: "urn:w",
            $schema: "http://json-schema.org/draft-04/schema#",
            $ref: "#/definitions/w",
            title: "W",
            type: "object",
            externalDocs: { description: "docs", url: "https://example.com/w" },
            example: { a: [1, 2.5, null] },
            not: { type: "string" },
            allOf: [{ required: ["a"] }],
            oneOf: [],
            anyOf: [{ type: "integer" }, { type: "string" }],
            additionalItems: false,
            uniqueItems: true,
            maxProperties: 9,
            minProperties: 1,
            dependencies: { a: ["b", "c"], d: { required: ["e"] } },
            definitions: { w: { type: "object" } },
            patternProperties: { "^x-": { type: "string" } },
            properties: {
              list: { type: "array", items: [{ type: "string" }, { type: "integer" }], minItems: 0, maxItems: 4 },
              num: {
                type: "number",
                multipleOf: 0.1,
                maximum: 1e21,
                exclusiveMaximum: true,
                minimum: 1e-7,
                exclusiveMinimum: true,
                enum: [0.000001, null, "x"],
              },
              str: { type: "string", minLength: 1, format: "date-time", pattern: "^a<b>&c$" },
              any: {
                "x-kubernetes-embedded-resource": true,
                "x-kubernetes-preserve-unknown-fields": false,
                type: "object",
              },
              open: { type: "object", additionalProperties: true },
              closed: { type: "object", additionalProperties: false },
            },
            "x-kubernetes-validations": [
              { rule: "oldSelf == self", messageExpression: "'immutable'", optionalOldSelf: true },
            ],
          },
        },
      },
      { name: "v1", served: true, storage: false },
    ],
  },
  "map keys in UTF-8 byte order, strings HTML-escaped": {
    versions: [
      {
        name: "v1",
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: "object",
            description: 'line\u2028sep <tag> & "q"',
            properties: { "\uff5a": {}, "\u{1F600}": {}, z: {}, 10: {}, 9: {} },
          },
        },
      },
      { name: "v1", served: true, storage: false, schema: { openAPIV3Schema: { type: "object" } } },
    ],
  },
  "an empty description or list equals an absent one: the schemas are identical and move to the spec": {
    versions: [
      {
        name: "v1",
        served: true,
        storage: true,
        schema: { openAPIV3Schema: { type: "object", description: "", required: [], properties: {} } },
      },
      { name: "v1", served: true, storage: false, schema: { openAPIV3Schema: { type: "object" } } },
    ],
  },
  "an empty default differs from none, and x-kubernetes-preserve-unknown-fields: false from absent": {
    versions: [
      { name: "v1", served: true, storage: true, schema: { openAPIV3Schema: { type: "object", default: {} } } },
      { name: "v2", served: true, storage: true, schema: { openAPIV3Schema: { type: "object" } } },
      {
        name: "v3",
        served: true,
        storage: true,
        schema: { openAPIV3Schema: { type: "object", "x-kubernetes-preserve-unknown-fields": false } },
      },
    ],
  },
  "a version without schema prints Schema null beside one with a schema; an empty subresources object prints its nil fields":
    {
      versions: [
        { name: "v1", served: true, storage: true, schema: { openAPIV3Schema: { type: "object" } }, subresources: {} },
        {
          name: "v2",
          served: false,
          storage: true,
          additionalPrinterColumns: [],
          selectableFields: [{ jsonPath: ".spec.a" }],
        },
      ],
    },
};

test("every case has its Go rendering", () => {
  assert.deepEqual(Object.keys(specs), Object.keys(expected));
});

for (const [name, spec] of Object.entries(specs)) {
  test(`json.Marshal of the internal versions: ${name}`, () => {
    assert.equal(goJson(internalVersions(spec)), expected[name]);
    assert.equal(renderValue(internalVersionsValue(spec)), expected[name]);
  });
}

test("an absent versions list is a nil slice (null), an empty one []", () => {
  assert.equal(renderValue(internalVersionsValue({})), "null");
  assert.equal(renderValue(internalVersionsValue({ versions: [] })), "[]");
});

test("Go semantic equality: nil equals empty for slices and maps, not for pointers or inside an interface{}", () => {
  assert.ok(goSemanticEqual(null, []));
  assert.ok(goSemanticEqual(undefined, {}));
  assert.ok(goSemanticEqual(new GoStruct([["A", null]]), new GoStruct([["A", []]])));
  assert.ok(!goSemanticEqual(null, new GoStruct([])));
  assert.ok(!goSemanticEqual(null, false));
  assert.ok(!goSemanticEqual(null, ""));
  assert.ok(!goSemanticEqual(new GoInterface([]), new GoInterface(null)));
  assert.ok(!goSemanticEqual(new GoInterface({}), null));
  assert.ok(goSemanticEqual(new GoInterface({ a: [1] }), new GoInterface({ a: [1] })));
  assert.ok(!goSemanticEqual(new GoStruct([["A", 1]]), new GoStruct([["B", 1]])));
  assert.ok(!goSemanticEqual({ a: 1 }, { b: 1 }));
});

test("a Go struct marshals its fields in declaration order, a map with sorted keys", () => {
  assert.equal(
    goJson(
      new GoStruct([
        ["Z", 1],
        ["A", { b: 1, a: "<" }],
        ["M", new GoInterface(null)],
      ]),
    ),
    '{"Z":1,"A":{"a":"\\u003c","b":1},"M":null}',
  );
});

test("the CLI: the text report cuts the long versions value on its line, JSON keeps it whole", async () => {
  const { crdlint } = await import("../helpers/cli.mjs");
  const { stringify } = await import("yaml");
  const spec = specs["every JSONSchemaProps field kind"];
  const input = stringify({
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: "widgets.example.com" },
    spec: {
      group: "example.com",
      scope: "Namespaced",
      names: { plural: "widgets", singular: "widget", kind: "Widget", listKind: "WidgetList" },
      versions: spec.versions,
    },
  });
  const text = crdlint(["lint", "-"], { input });
  const line = text.stdout.split("\n").find((l) => l.includes("versions-duplicate-name"));
  assert.ok(line && line.length < 300, `one short line: ${line}`);
  assert.match(
    line,
    /spec\.versions: Invalid value: \[\{"Name":"v1","Served":true,.*… \(13142 characters; --format json has it whole\): must contain unique version names/,
  );
  assert.match(text.stdout, /\n\s+duplicated: v1\n/);
  const json = crdlint(["lint", "--format", "json", "-"], { input });
  assert.equal(
    json.json.diagnostics.find((d) => d.rule === "versions-duplicate-name").value,
    expected["every JSONSchemaProps field kind"],
  );
});

test("identical per-version fields are decided on the internal values, as the v1 → internal conversion does", () => {
  const col = (extra) => [{ name: "Age", type: "date", jsonPath: ".metadata.creationTimestamp", ...extra }];
  const same = identicalPerVersionFields([
    {
      name: "v1",
      schema: { openAPIV3Schema: { type: "object", description: "" } },
      additionalPrinterColumns: col({ priority: 0 }),
      subresources: { status: {} },
    },
    {
      name: "v2",
      schema: { openAPIV3Schema: { type: "object", required: [] } },
      additionalPrinterColumns: col({ format: "" }),
      subresources: { status: {} },
    },
  ]);
  assert.deepEqual(same, { schema: true, subresources: true, columns: true, selectableFields: true });
  const differ = identicalPerVersionFields([
    {
      name: "v1",
      schema: { openAPIV3Schema: { type: "object", default: [] } },
      subresources: {},
      selectableFields: [{ jsonPath: ".spec.a" }],
    },
    { name: "v2", schema: { openAPIV3Schema: { type: "object" } } },
  ]);
  assert.deepEqual(differ, { schema: false, subresources: false, columns: true, selectableFields: false });
  assert.deepEqual(identicalPerVersionFields([]), {
    schema: false,
    subresources: false,
    columns: false,
    selectableFields: false,
  });
});

test("a property named __proto__ stays a map key", () => {
  const spec = JSON.parse(
    '{"versions":[{"name":"v1","schema":{"openAPIV3Schema":{"properties":{"__proto__":{"type":"string"}}}}},{"name":"v2"}]}',
  );
  assert.match(
    goJson(internalVersions(spec)),
    /"Properties":\{"__proto__":\{"ID":"","Schema":"","Ref":null,"Description":"","Type":"string",/,
  );
});

// schemaPropsEqual compares two v1 schemas as the internal structs would compare, without building them: it must
// agree with building both and comparing them, on values that differ (or not) in every field kind, including the
// values the conversion treats as equal (absent and empty, "" and absent, nil and empty lists and maps).
test("schemaPropsEqual agrees with comparing the built internal values", () => {
  const rng = new Rng(20261127);
  const pick = (list) => list[rng.int(list.length)];
  const scalars = [undefined, null, "", "a", "b", true, false, 0, 1, 2.5, [], {}, ["a"], { a: 1 }, [null], [1, "1"]];
  const keys = [...SCHEMA_PROPS_KEYS, "unknownField"];
  const value = (depth) => {
    const r = rng.int(10);
    if (depth > 2 || r < 5) return pick(scalars);
    if (r < 7) return schema(depth + 1);
    if (r < 8) return [schema(depth + 1), pick(scalars)];
    if (r < 9) return { a: schema(depth + 1), b: pick([["x", 1], schema(depth + 1), null]) };
    return [
      {
        rule: pick(["", "self > 0", undefined]),
        reason: pick([undefined, null, "FieldValueInvalid"]),
        optionalOldSelf: pick([undefined, null, false, true]),
      },
    ];
  };
  const schema = (depth) => {
    const s = {};
    for (let i = rng.int(4); i > 0; i--) s[pick(keys)] = value(depth);
    return s;
  };
  // A copy with a few fields changed, dropped or set to a value the conversion may read as the same.
  const mutate = (s) => {
    if (!s || typeof s !== "object" || Array.isArray(s)) return pick(scalars);
    const c = structuredClone(s);
    for (let i = rng.int(3); i > 0; i--) {
      const k = pick(keys);
      const r = rng.int(3);
      if (r === 0) delete c[k];
      else if (r === 1) c[k] = pick(scalars);
      else if (c[k] && typeof c[k] === "object" && !Array.isArray(c[k])) c[k] = mutate(c[k]);
    }
    return c;
  };
  let equal = 0;
  for (let i = 0; i < 4000; i++) {
    const a = rng.int(10) === 0 ? pick(scalars) : schema(0);
    const b = rng.int(4) === 0 ? structuredClone(a) : rng.int(2) === 0 ? mutate(a) : schema(0);
    const want = goSemanticEqual(internalSchemaProps(a), internalSchemaProps(b));
    assert.equal(schemaPropsEqual(a, b), want, `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    if (want) equal++;
  }
  // Both answers occur often enough for the comparison to mean something.
  assert.ok(equal > 800 && equal < 3200, `equal in ${equal} of 4000`);
});
