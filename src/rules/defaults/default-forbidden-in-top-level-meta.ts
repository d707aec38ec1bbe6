/** A default under the root's metadata, kind or apiVersion. */
import { defineRule } from "../define-rule.js";
import { defaultValue, walkState } from "./analyze.js";

export default defineRule({
  id: "default-forbidden-in-top-level-meta",
  category: "defaults",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A default is set somewhere under the root's metadata, kind or apiVersion.",
  phase: "walk",
  minMinor: 16,
  messages: {
    mustNotBeSetIn: "must not be set in top-level {{field}}",
  },
  docs: {
    why:
      "The apiserver owns a resource's `metadata`, `kind` and `apiVersion`: defaulting them from the schema would " +
      "fight with the object's own identity, so any `default` under the root properties `metadata`, `kind` or " +
      "`apiVersion` (at any depth, junctors included) is rejected: `must not be set in top-level metadata`.",
    fix: "Remove the `default`. Set names, labels or annotations from a controller or a mutating webhook instead.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    kind: {type: string, default: Widget}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    spec: {type: object, properties: {kind: {type: string, default: Widget}}}\n",
  },
  visitKeys: ["default"],
  visitNode(node, ctx) {
    if (defaultValue(node) === undefined) return;
    const st = walkState(node, ctx.memo);
    if (st.reason !== "top-level") return;
    ctx.report({ path: node.path.child("default"), messageId: "mustNotBeSetIn", data: { field: st.field } });
  },
});
