/** Info: a property without description. */
import { defineRule } from "../define-rule.js";

export default defineRule({
  id: "lint-missing-description",
  category: "schema-values",
  severity: "info",
  // Most real CRDs fail it on some property: opt in with `rules: {lint-missing-description: info}`.
  apiserver: false,
  type: null,
  description: "A property of the structural part has no description.",
  preset: "opt-in",
  presetWhy:
    "Opt-in by name only: documentation quality, nothing breaks, and it fires on nearly every property of a real CRD " +
    "(80,869 times on the 509 CRDs of the test corpus), which would bury everything else even in strict.",
  phase: "walk",
  messages: {
    propertyHasNoDescription: "property {{nameJson}} has no description",
  },
  docs: {
    why:
      "Descriptions are what `kubectl explain` and the published OpenAPI show to users of the API. The apiserver " +
      "does not require them. metadata/kind/apiVersion of resources are skipped (the apiserver documents them, and " +
      "the root metadata may not carry a description at all).",
    fix: "Add a `description` to the property (generators take it from the Go doc comment).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/controller/openapi/builder (published OpenAPI)",
    fail: "openAPIV3Schema: {type: object, properties: {spec: {type: object}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, description: The desired state.}}}\n",
  },
  visitNode(node, ctx) {
    if (node.via !== "properties" || !node.isStructural || node.resourceMeta !== null) return;
    const d = node.schema.description;
    if (typeof d === "string" && d.trim() !== "") return;
    ctx.report({
      path: node.path.child("description"),
      messageId: "propertyHasNoDescription",
      data: { nameJson: JSON.stringify(node.name) },
    });
  },
});
