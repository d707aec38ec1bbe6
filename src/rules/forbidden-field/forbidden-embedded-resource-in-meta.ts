/** x-kubernetes-embedded-resource is used inside metadata, kind or apiVersion of a resource. */
import { defineRule } from "../define-rule.js";
import { EMBEDDED_RESOURCE, isInsideResourceMeta } from "../../crd/structural.js";

export default defineRule({
  id: "forbidden-embedded-resource-in-meta",
  category: "forbidden-field",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "x-kubernetes-embedded-resource is used inside metadata, kind or apiVersion of a resource.",
  phase: "walk",
  messages: {
    mustNotBeUsedInside: "must not be used inside of resource meta",
  },
  docs: {
    why:
      "The `metadata`, `kind` and `apiVersion` of the custom resource (and of embedded resources) are validated by " +
      "the apiserver as ObjectMeta/TypeMeta; nothing under them may declare an embedded resource.",
    fix: "Remove `x-kubernetes-embedded-resource` from the metadata/kind/apiVersion subtree.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {metadata: {type: object, x-kubernetes-embedded-resource: true}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {metadata: {type: object}}}\n",
  },
  visitKeys: ["x-kubernetes-embedded-resource"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (!(s[EMBEDDED_RESOURCE] === true && isInsideResourceMeta(node))) return;
    ctx.report({ path: node.path.child("x-kubernetes-embedded-resource"), messageId: "mustNotBeUsedInside" });
  },
});
