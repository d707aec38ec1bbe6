// bench/crd-jsonschema.mjs (the CRD → kubeconform JSON Schema converter of bench/peers.mjs): the schemas it writes
// accept and reject what strict field validation of a structural schema accepts and rejects, checked with a
// draft-04 validator (kubeconform's default draft).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AjvDraft04 from "ajv-draft-04";
import { crdToJsonSchemas, schemaPath, writeJsonSchemas } from "../../bench/crd-jsonschema.mjs";

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          metadata:
            type: object
            properties:
              name: {type: string, maxLength: 10}
          spec:
            type: object
            required: [size]
            properties:
              size: {type: integer, minimum: 1}
              port: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}]}
              note: {type: string, nullable: true, enum: [a, b]}
              free: {type: object, x-kubernetes-preserve-unknown-fields: true}
              empty: {type: object}
              labels: {type: object, additionalProperties: {type: string}}
              template: {type: object, x-kubernetes-embedded-resource: true, properties: {spec: {type: object, properties: {x: {type: string}}}}}
            anyOf:
            - properties: {size: {maximum: 100}}
  - name: v2
    served: true
    storage: false
    schema:
      openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}
`;

function validatorFor(version) {
  const dir = mkdtempSync(join(tmpdir(), "crd-jsonschema-"));
  try {
    writeFileSync(join(dir, "crd.yaml"), CRD);
    assert.equal(writeJsonSchemas([join(dir, "crd.yaml")], join(dir, "out")), 2);
    const file = schemaPath(join(dir, "out"), "example.com", "Widget", version);
    assert.ok(existsSync(file), "kubeconform's layout: <group>/<kind lower-cased>_<version>.json");
    const schema = JSON.parse(readFileSync(file, "utf8"));
    return new AjvDraft04({ strict: false, allErrors: true }).compile(schema);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const widget = (spec, metadata = { name: "w", labels: { app: "x" } }) => ({
  apiVersion: "example.com/v1",
  kind: "Widget",
  metadata,
  spec,
});

test("a valid resource passes: ObjectMeta beyond the declared name, int-or-string, null where nullable, free objects", () => {
  const validate = validatorFor("v1");
  for (const spec of [
    { size: 3 },
    { size: 3, port: 80, note: null, free: { any: { thing: 1 } }, labels: { a: "b" } },
    { size: 3, port: "http", note: "a", empty: {} },
    { size: 3, template: { apiVersion: "v1", kind: "Pod", metadata: { name: "p" }, spec: { x: "y" } } },
  ]) {
    assert.ok(validate(widget(spec)), JSON.stringify(validate.errors));
  }
});

test("unknown fields are rejected where strict field validation rejects them, and only there", () => {
  const validate = validatorFor("v1");
  for (const spec of [
    { size: 3, bogus: 1 },
    { size: 3, empty: { a: 1 } },
    { size: 3, template: { spec: { y: 1 } } },
  ]) {
    assert.equal(validate(widget(spec)), false, JSON.stringify(spec));
  }
  assert.equal(validate({ ...widget({ size: 3 }), status: {} }), false, "an undeclared root field");
  // anyOf only adds value validations: its `properties` declare no fields, so it closes nothing.
  assert.ok(validate(widget({ size: 3, port: 1 })), JSON.stringify(validate.errors));
});

test("the schema's value validations hold: required, types, bounds, enum, the declared metadata.name", () => {
  const validate = validatorFor("v1");
  assert.equal(validate(widget({})), false);
  assert.equal(validate(widget({ size: "3" })), false);
  assert.equal(validate(widget({ size: 0 })), false);
  assert.equal(validate(widget({ size: 101 })), false, "the anyOf's maximum");
  assert.equal(validate(widget({ size: 3, note: "c" })), false);
  assert.equal(validate(widget({ size: 3, port: 1.5 })), false);
  assert.equal(validate(widget({ size: 3 }, { name: "much-too-long-a-name" })), false);
});

test("x-kubernetes-preserve-unknown-fields at the root leaves the resource open", () => {
  const validate = validatorFor("v2");
  assert.ok(
    validate({ apiVersion: "example.com/v2", kind: "Widget", metadata: { name: "w" }, anything: { at: "all" } }),
  );
});

test("no Kubernetes extension reaches the JSON Schema; objects that are not CRDs give nothing", () => {
  const [v1] = crdToJsonSchemas({
    spec: {
      group: "g",
      names: { kind: "K" },
      versions: [
        { name: "v1", schema: { openAPIV3Schema: { type: "object", "x-kubernetes-validations": [{ rule: "true" }] } } },
      ],
    },
  });
  assert.ok(!JSON.stringify(v1.schema).includes("x-kubernetes"));
  assert.deepEqual(crdToJsonSchemas({ kind: "ConfigMap", data: {} }), []);
  assert.deepEqual(crdToJsonSchemas(null), []);
});
