/** A node with x-kubernetes-validations below a node that has no CEL type: the apiserver cannot type its rules. */
import { defineRule } from "../define-rule.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS } from "../../k8s/releases.js";
import { isCompiledNode, typeInfoFailure } from "../cel-compiled.js";

export default defineRule({
  id: "cel-type-info-failed",
  category: "cel-compile",
  severity: "error",
  apiserver: true,
  type: "Internal error",
  description:
    "The apiserver cannot build the CEL type of a node with rules, because a node above it (within the rules' scope) " +
    "has no CEL type, or its parent's type has no element type for it.",
  phase: "cel",
  minMinor: CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.onByDefault,
  messages: {
    typeInfoFailed:
      "internal error: failed to construct type information for x-kubernetes-validations rules: unable to convert " +
      "structural schema to CEL declarations",
    declTypeMissing: "failed to convert to declType for CEL validation rules",
  },
  docs: {
    why:
      "The apiserver types a node's rules from the CEL type of the nodes above it, starting at the topmost node that " +
      "carries x-kubernetes-validations. A node on that way whose schema has no CEL type (an unknown `type`, an " +
      "array without `items`, ...) breaks the chain: every node with rules below it is rejected with this internal " +
      "error instead of being compiled, in addition to the error on the node itself (which, being above them, does " +
      "not stop their compilation). A node whose parent's type has no element type for it (`items` under " +
      "`type: object`, which the apiserver otherwise accepts) has type information without a type: its rules are " +
      'rejected with "failed to convert to declType for CEL validation rules".',
    fix: "Fix the node's type (it has an error of its own); the rules below it are then compiled.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/cel_validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  x-kubernetes-validations: [{rule: 'true'}]\n  properties:\n    spec:\n      type: any\n      properties:\n        size: {type: integer, x-kubernetes-validations: [{rule: 'self > 0'}]}\n",
    pass: "openAPIV3Schema:\n  type: object\n  x-kubernetes-validations: [{rule: 'true'}]\n  properties:\n    spec:\n      type: object\n      properties:\n        size: {type: integer, x-kubernetes-validations: [{rule: 'self > 0'}]}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    const v = node.schema["x-kubernetes-validations"];
    if (!Array.isArray(v) || v.length === 0 || !isCompiledNode(node) || !ctx.isNodeClean(node)) return;
    const failure = typeInfoFailure(node, ctx);
    if (failure)
      ctx.report({
        path: node.path.child("x-kubernetes-validations"),
        messageId: failure === "conversion" ? "typeInfoFailed" : "declTypeMissing",
      });
  },
});
