/** A schema node sets dependencies. */
import { defineRule } from "../define-rule.js";
import { isObject } from "../../crd/model.js";

export default defineRule({
  id: "forbidden-field-dependencies",
  category: "forbidden-field",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A schema node sets dependencies.",
  phase: "walk",
  messages: {
    dependenciesIsNotSupported: "dependencies is not supported",
  },
  docs: {
    why: "CRD schemas do not support JSON-Schema `dependencies`; even an empty `dependencies: {}` is rejected.",
    fix: "Express the dependency with a CEL rule, e.g. `!has(self.a) || has(self.b)`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: string}, b: {type: string}}, dependencies: {a: [b]}}\n",
    pass: 'openAPIV3Schema: {type: object, properties: {a: {type: string}, b: {type: string}}, x-kubernetes-validations: [{rule: "!has(self.a) || has(self.b)"}]}\n',
  },
  visitKeys: ["dependencies"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (!isObject(s.dependencies)) return;
    ctx.report({ path: node.path.child("dependencies"), messageId: "dependenciesIsNotSupported" });
  },
});
