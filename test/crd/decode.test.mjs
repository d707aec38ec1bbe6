// The strict decoder (src/crd/decode.ts): unknown fields and Go type errors, with the apiserver's paths and texts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parse } from "yaml";
import { createDecoder } from "../../dist/crd/decode.js";
import { crdV1JsonSchema } from "../../dist/crd/crd-v1.schema.js";
import { BASELINE_CRD } from "../../dist/rules/examples.js";

const decoder = await createDecoder();
/** The decoder of Kubernetes 1.<minor> (one generated validator per schema band). */
const decode = async (c, minor) => (await createDecoder(minor)).decode(c);

/** The baseline CRD with the version's openAPIV3Schema replaced and `mutate` applied. */
function crd(schema = { type: "object" }, mutate = () => {}) {
  const c = parse(BASELINE_CRD);
  c.spec.versions[0].schema.openAPIV3Schema = schema;
  mutate(c);
  return c;
}

const S = "spec.versions[0].schema.openAPIV3Schema";
const sorted = (xs) => [...xs].sort();
const simple = (issues) => issues.map((i) => `${i.kind} ${i.path.toString()} | ${i.message}`);

test("the baseline CRD decodes cleanly", () => {
  assert.deepEqual(decoder.decode(crd()), []);
});

test("unknown fields: apiserver bracket path for the field, sigs.k8s.io/json dotted path in the message", () => {
  const issues = decoder.decode(
    crd(
      { type: "object", properties: { spec: { type: "object", "x-kubernetes-validation": [{ rule: "true" }] } } },
      (c) => {
        c.spec.verisons = [];
        c.spec.versions[0].schema.openAPIV3schema = {};
      },
    ),
  );
  assert.deepEqual(
    simple(issues).sort(),
    sorted([
      `unknown-field ${S}.properties[spec].x-kubernetes-validation | unknown field "spec.versions[0].schema.openAPIV3Schema.properties.spec.x-kubernetes-validation"`,
      `unknown-field spec.verisons | unknown field "spec.verisons"`,
      `unknown-field spec.versions[0].schema.openAPIV3schema | unknown field "spec.versions[0].schema.openAPIV3schema"`,
    ]),
  );
  const byPath = Object.fromEntries(issues.map((i) => [i.path.toString(), i.suggestion]));
  assert.equal(byPath["spec.verisons"], 'did you mean "versions"?');
  assert.equal(byPath["spec.versions[0].schema.openAPIV3schema"], 'did you mean "openAPIV3Schema"?');
  assert.equal(byPath[`${S}.properties[spec].x-kubernetes-validation`], 'did you mean "x-kubernetes-validations"?');
});

test("names match case-sensitively, and metadata is a strict ObjectMeta", () => {
  const issues = decoder.decode(crd({ Type: "object" }, (c) => (c.metadata.label = { a: "b" })));
  assert.deepEqual(
    simple(issues).sort(),
    sorted([
      `unknown-field metadata.label | unknown field "metadata.label"`,
      `unknown-field ${S}.Type | unknown field "spec.versions[0].schema.openAPIV3Schema.Type"`,
    ]),
  );
});

test("type mismatches carry Go's encoding/json text and the value", () => {
  const issues = decoder.decode(
    crd(
      {
        type: "object",
        required: true,
        properties: { n: { type: "integer", exclusiveMaximum: 5, maxLength: 1.5, minLength: "3" } },
      },
      (c) => (c.spec.versions[0].served = "yes"),
    ),
  );
  assert.deepEqual(
    simple(issues).sort(),
    sorted([
      `type-mismatch ${S}.properties[n].exclusiveMaximum | json: cannot unmarshal number into Go struct field JSONSchemaProps.spec.versions.schema.openAPIV3Schema.properties.exclusiveMaximum of type bool`,
      `type-mismatch ${S}.properties[n].maxLength | json: cannot unmarshal number 1.5 into Go struct field JSONSchemaProps.spec.versions.schema.openAPIV3Schema.properties.maxLength of type int64`,
      `type-mismatch ${S}.properties[n].minLength | json: cannot unmarshal string into Go struct field JSONSchemaProps.spec.versions.schema.openAPIV3Schema.properties.minLength of type int64`,
      `type-mismatch ${S}.required | json: cannot unmarshal bool into Go struct field JSONSchemaProps.spec.versions.schema.openAPIV3Schema.required of type []string`,
      `type-mismatch spec.versions[0].served | json: cannot unmarshal string into Go struct field CustomResourceDefinitionVersion.spec.versions.served of type bool`,
    ]),
  );
  assert.equal(issues.find((i) => i.path.toString() === "spec.versions[0].served").value, "yes");
});

test("integer ranges follow the Go type (int32 port, int64 lengths); integral floats are integers", () => {
  const issues = decoder.decode(
    crd({ type: "string", maxLength: 10.0 }, (c) => {
      c.spec.conversion = {
        strategy: "Webhook",
        webhook: {
          conversionReviewVersions: ["v1"],
          clientConfig: { service: { namespace: "a", name: "b", port: 99999999999 } },
        },
      };
      c.spec.versions[0].additionalPrinterColumns = [
        { name: "X", type: "integer", jsonPath: ".x", priority: -2147483648 },
      ];
    }),
  );
  assert.deepEqual(simple(issues), [
    "type-mismatch spec.conversion.webhook.clientConfig.service.port | json: cannot unmarshal number 99999999999 into Go struct field ServiceReference.spec.conversion.webhook.clientConfig.service.port of type int32",
  ]);
});

test("JSON null is accepted for every field, as Go's decoder leaves the field unset", () => {
  const c = crd(
    {
      type: "object",
      description: null,
      maxLength: null,
      required: null,
      items: null,
      additionalProperties: null,
      properties: { a: null },
      default: null,
      enum: [null],
    },
    (c) => {
      c.metadata.labels = null;
      c.metadata.creationTimestamp = null;
      c.spec.versions[0].served = null;
      c.spec.conversion = null;
      c.status = { conditions: null, acceptedNames: { kind: "", plural: "" }, storedVersions: [] };
    },
  );
  assert.deepEqual(decoder.decode(c), []);
});

test("default, example and enum values are free JSON", () => {
  const schema = {
    type: "object",
    default: { any: ["thing", 1, true] },
    example: [1, { x: null }],
    enum: [{ a: 1 }, "b", 3, false],
  };
  assert.deepEqual(decoder.decode(crd(schema)), []);
});

test("below items/additionalProperties/additionalItems/dependencies unknown fields are dropped, types still checked", () => {
  const schema = {
    type: "object",
    properties: {
      list: { type: "array", items: { type: "string", enums: ["a"], maxLength: "3" } },
      tuple: { type: "array", items: [{ type: "string", bogus: 1 }, 5] },
      map: { type: "object", additionalProperties: { type: "string", foo: 1 } },
      bad: { type: "object", additionalProperties: "false" },
      arr: { type: "array", additionalItems: { bar: 1 } },
      dep: { type: "object", dependencies: { a: { baz: 1 }, b: ["c", 5], c: "ignored" } },
      scalarItems: { type: "array", items: 5 },
    },
  };
  assert.deepEqual(
    simple(decoder.decode(crd(schema))).sort(),
    sorted([
      `dropped-field ${S}.properties[arr].additionalItems.bar | unknown field "spec.versions[0].schema.openAPIV3Schema.properties.arr.additionalItems.bar"`,
      `dropped-field ${S}.properties[dep].dependencies[a].baz | unknown field "spec.versions[0].schema.openAPIV3Schema.properties.dep.dependencies.a.baz"`,
      `dropped-field ${S}.properties[list].items.enums | unknown field "spec.versions[0].schema.openAPIV3Schema.properties.list.items.enums"`,
      `dropped-field ${S}.properties[map].additionalProperties.foo | unknown field "spec.versions[0].schema.openAPIV3Schema.properties.map.additionalProperties.foo"`,
      `dropped-field ${S}.properties[tuple].items[0].bogus | unknown field "spec.versions[0].schema.openAPIV3Schema.properties.tuple.items[0].bogus"`,
      `type-mismatch ${S}.properties[bad].additionalProperties | boolean or JSON schema expected`,
      `type-mismatch ${S}.properties[dep].dependencies[b][1] | json: cannot unmarshal number into Go struct field JSONSchemaProps.spec.versions.schema.openAPIV3Schema.properties.dependencies of type string`,
      `type-mismatch ${S}.properties[list].items.maxLength | json: cannot unmarshal string into Go struct field JSONSchemaProps.spec.versions.schema.openAPIV3Schema.properties.items of type int64`,
      `type-mismatch ${S}.properties[tuple].items[1] | json: cannot unmarshal number into Go struct field JSONSchemaProps.spec.versions.schema.openAPIV3Schema.properties.items of type v1.JSONSchemaProps`,
    ]),
  );
});

test("fields newer than the target release are unknown to it, with a detail naming the release", async () => {
  const schema = {
    type: "object",
    "x-kubernetes-validations": [{ rule: "true", messageExpression: "'x'", reason: "FieldValueInvalid" }],
  };
  const c = crd(schema, (c) => (c.spec.versions[0].selectableFields = [{ jsonPath: ".spec.x" }]));
  assert.deepEqual(await decode(c, 37), []);
  assert.deepEqual(simple(await decode(c, 28)), [
    `unknown-field spec.versions[0].selectableFields | unknown field "spec.versions[0].selectableFields"`,
  ]);
  assert.deepEqual(
    simple(await decode(c, 27)).sort(),
    sorted([
      `unknown-field ${S}.x-kubernetes-validations[0].reason | unknown field "spec.versions[0].schema.openAPIV3Schema.x-kubernetes-validations[0].reason"`,
      `unknown-field spec.versions[0].selectableFields | unknown field "spec.versions[0].selectableFields"`,
    ]),
  );
  const old = await decode(c, 22);
  assert.deepEqual(old.map((i) => i.path.toString()).sort(), [
    `${S}.x-kubernetes-validations`,
    "spec.versions[0].selectableFields",
  ]);
  assert.match(
    old.find((i) => i.path.toString().endsWith("validations")).detail,
    /since Kubernetes 1\.23; the target is 1\.22/,
  );
});

test("metav1.Time and []byte are parsed like Go does", () => {
  const ok = crd(undefined, (c) => {
    c.metadata.creationTimestamp = "2024-02-29T10:00:00.5+02:00";
    c.spec.conversion = {
      strategy: "Webhook",
      webhook: { conversionReviewVersions: ["v1"], clientConfig: { url: "https://x", caBundle: "YWJj\nZA==" } },
    };
  });
  assert.deepEqual(decoder.decode(ok), []);
  const bad = crd(undefined, (c) => {
    c.metadata.creationTimestamp = "yesterday";
    c.metadata.deletionTimestamp = 5;
    c.spec.conversion = {
      strategy: "Webhook",
      webhook: { conversionReviewVersions: ["v1"], clientConfig: { url: "https://x", caBundle: "YWJj*A==" } },
    };
  });
  assert.deepEqual(
    simple(decoder.decode(bad)).sort(),
    sorted([
      `type-mismatch metadata.creationTimestamp | parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"`,
      "type-mismatch metadata.deletionTimestamp | json: cannot unmarshal number into Go struct field ObjectMeta.metadata.deletionTimestamp of type string",
      "type-mismatch spec.conversion.webhook.clientConfig.caBundle | illegal base64 data at input byte 4",
    ]),
  );
});

test("wrong container types name the Go slice, map and struct types", () => {
  const c = crd({ type: "object", properties: [], allOf: {} }, (c) => {
    c.spec.names = "widgets";
    c.metadata.annotations = { a: 1 };
  });
  assert.deepEqual(
    simple(decoder.decode(c)).sort(),
    sorted([
      `type-mismatch ${S}.allOf | json: cannot unmarshal object into Go struct field JSONSchemaProps.spec.versions.schema.openAPIV3Schema.allOf of type []v1.JSONSchemaProps`,
      `type-mismatch ${S}.properties | json: cannot unmarshal array into Go struct field JSONSchemaProps.spec.versions.schema.openAPIV3Schema.properties of type map[string]v1.JSONSchemaProps`,
      "type-mismatch metadata.annotations[a] | json: cannot unmarshal number into Go struct field ObjectMeta.metadata.annotations of type string",
      "type-mismatch spec.names | json: cannot unmarshal string into Go struct field CustomResourceDefinitionSpec.spec.names of type v1.CustomResourceDefinitionNames",
    ]),
  );
});

test("the generated JSON Schema is self-contained and forbids unknown fields on structs only", () => {
  const s = crdV1JsonSchema(37);
  assert.equal(s.additionalProperties, false);
  assert.equal(s.definitions.JSONSchemaProps.additionalProperties, false);
  assert.ok(s.definitions.JSONSchemaProps.properties["x-kubernetes-validations"]);
  assert.equal(crdV1JsonSchema(22).definitions.JSONSchemaProps.properties["x-kubernetes-validations"], undefined);
  assert.deepEqual(s.properties.metadata.properties.labels.additionalProperties, { type: ["string", "null"] });
});

test("every supported release has a generated decoder, and each knows its own fields", async () => {
  const { OLDEST_KUBERNETES_MINOR, NEWEST_KUBERNETES_MINOR } = await import("../../dist/k8s/releases.js");
  const c = crd({ type: "object", "x-kubernetes-validations": [{ rule: "true" }] });
  for (let minor = OLDEST_KUBERNETES_MINOR; minor <= NEWEST_KUBERNETES_MINOR; minor++) {
    const d = await createDecoder(minor);
    assert.equal(d.minor, minor);
    // x-kubernetes-validations exists in the v1 CRD since 1.23.
    assert.deepEqual(simple(d.decode(c)).length, minor >= 23 ? 0 : 1, `1.${minor}`);
  }
});

test("the release-bound fields a CRD sets are found where they are fields, not where a schema names a property so", async () => {
  const { releaseBoundFieldsOf } = await import("../../dist/crd/crd-v1.schema.js");
  const plain = crd({ type: "object", properties: { observedGeneration: { type: "integer" }, selectableFields: {} } });
  assert.equal(releaseBoundFieldsOf(plain).length, 0);
  const rich = crd(
    {
      type: "object",
      properties: {
        a: {
          type: "array",
          items: { type: "string", "x-kubernetes-validations": [{ rule: "true", optionalOldSelf: true }] },
        },
      },
    },
    (c) => {
      c.spec.versions[0].selectableFields = [{ jsonPath: ".a" }];
      c.status = { conditions: [{ type: "Established", status: "True", observedGeneration: 1 }] };
    },
  );
  assert.equal(releaseBoundFieldsOf(rich).length, 4); // x-kubernetes-validations, optionalOldSelf, selectableFields, observedGeneration
});

test("releases sharing decoder verdicts still answer each at its own release", async () => {
  const { createReleaseShared } = await import("../../dist/engine/services.js");
  const shared = createReleaseShared();
  const withField = crd({ type: "object" }, (c) => (c.spec.versions[0].selectableFields = [{ jsonPath: ".spec.a" }]));
  const without = crd();
  const at = async (minor, c) => simple((await createDecoder(minor, shared.decoded)).decode(c));
  // Newest first, so that an older release cannot lean on a verdict made for it.
  assert.deepEqual(await at(37, withField), []);
  assert.deepEqual(await at(35, withField), []);
  assert.match((await at(29, withField)).join("\n"), /unknown-field spec\.versions\[0\]\.selectableFields/);
  assert.deepEqual(await at(30, withField), []);
  for (const minor of [37, 29, 28]) assert.deepEqual(await at(minor, without), []);
});
