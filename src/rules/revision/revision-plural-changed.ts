/** spec.names.plural changed: the apiserver rejects the update (the plural is the resource's URL and storage key). */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { isObject } from "../../crd/model.js";

export default defineRule({
  id: "revision-plural-changed",
  category: "revision",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "spec.names.plural changed: immutable on update, whether or not the CRD is established (B13, A3).",
  phase: "revision",
  messages: { immutable: "field is immutable" },
  docs: {
    why:
      "The plural names the REST resource and the etcd prefix of every object, and is part of the CRD's name " +
      "(plural.group): the apiserver refuses to change it in place.",
    fix: "Keep the plural; add the new name as a shortName if kubectl users need it.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpecUpdate)",
    fail: "old: {}\nnew:\n  spec: {names: {plural: gadgets}}\n",
    pass: "old: {}\nnew:\n  spec: {names: {shortNames: [wd]}}\n",
  },
  checkRevision(ctx) {
    const plural = (v: typeof ctx.crd) => (isObject(v.spec.names) ? v.spec.names.plural : undefined);
    const after = plural(ctx.crd);
    if (plural(ctx.old) === after) return;
    ctx.report({
      path: DualPath.root("spec", "names", "plural"),
      effect: "rejected",
      messageId: "immutable",
      value: after ?? "",
    });
  },
});
