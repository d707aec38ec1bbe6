// The schema-level revision rules on malformed or odd CRDs: diagnostics, never an internal error or a throw.
import { test } from "node:test";
import assert from "node:assert/strict";
import { diffText } from "../../../dist/index.js";

const crd = (schema, extraVersions = "") => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema: ${schema}
${extraVersions}`;

const SCHEMAS = [
  "{type: object, properties: {spec: {type: object, properties: [1, 2]}}}",
  "{type: object, properties: {spec: {type: object, required: yes, enum: 3, x-kubernetes-validations: {rule: x}}}}",
  "{type: object, properties: {spec: {type: array, items: [{type: string}], x-kubernetes-list-type: 5, x-kubernetes-list-map-keys: name}}}",
  "{type: object, properties: {spec: {type: object, x-kubernetes-validations: [{rule: 'self.nope.size() > '}, {rule: 7}, null]}}}",
  "{type: object, properties: {spec: {type: object, additionalProperties: false, maxProperties: '3', default: [1]}}}",
  "{type: object, properties: {spec: {type: object, anyOf: [1, null, {required: [a]}], not: 3}}}",
  "[]",
  "null",
];

test("every pair of odd schemas diffs without an internal error", async () => {
  let pairs = 0;
  for (const a of SCHEMAS)
    for (const b of SCHEMAS) {
      const r = await diffText(crd(a), crd(b));
      const internal = r.diagnostics.filter((d) => d.rule === "internal-error");
      assert.deepEqual(
        internal.map((d) => d.detail ?? d.message),
        [],
        `${a} → ${b}`,
      );
      pairs++;
    }
  assert.equal(pairs, SCHEMAS.length ** 2);
});
