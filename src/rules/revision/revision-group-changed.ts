/** spec.group changed: the apiserver rejects the update (the group is part of the resource name). */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";

export default defineRule({
  id: "revision-group-changed",
  category: "revision",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "spec.group changed: immutable on update, whether or not the CRD is established (B13, A2).",
  phase: "revision",
  messages: { immutable: "field is immutable" },
  docs: {
    why:
      "The group is part of every object's storage key and of the CRD's name (plural.group): the apiserver refuses " +
      "to change it in place. Renaming metadata.name too makes it another CRD: applying it creates a new, empty API, " +
      "and removing the old one deletes all its objects.",
    fix: "Keep the group. To move an API to a new group, add a second CRD, migrate the objects, then retire the old CRD.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpecUpdate)",
    fail: "old: {}\nnew:\n  spec: {group: example.org}\n",
    pass: "old: {}\nnew: {}\n",
  },
  checkRevision(ctx) {
    const before = ctx.old.spec.group;
    const after = ctx.crd.spec.group;
    if (before === after) return;
    ctx.report({
      path: DualPath.root("spec", "group"),
      effect: "rejected",
      messageId: "immutable",
      value: after ?? "",
    });
  },
});
