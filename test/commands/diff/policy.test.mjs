// The lenient policy for unstable versions on schema changes: a change in a schema only alpha/beta versions use is
// softened to information; the same change in a schema a stable version shares is not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { diffText } from "../../../dist/index.js";

const crd = (versions, props) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions:
${versions.map((v, i) => `  - name: ${v}\n    served: true\n    storage: ${i === versions.length - 1}\n    schema:\n      openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: ${props}}}}`).join("\n")}
`;
const policy = { rules: {}, unstableVersions: "lenient", ignore: [] };
const removed = async (versions) => {
  const r = await diffText(
    crd(versions, "{a: {type: string}, b: {type: string}}"),
    crd(versions, "{a: {type: string}}"),
    { diffPolicy: policy },
  );
  return r.diagnostics.filter((d) => d.rule === "revision-field-removed").map((d) => [d.severity, d.version]);
};

test("lenient: a field removed from a schema only v1alpha1 and v1beta1 share is information", async () => {
  assert.deepEqual(await removed(["v1alpha1", "v1beta1"]), [["info", "v1alpha1"]]);
});

test("lenient: the same removal in a schema v1 shares with v1beta1 stays an error, and names v1", async () => {
  assert.deepEqual(await removed(["v1beta1", "v1"]), [["error", "v1"]]);
});
