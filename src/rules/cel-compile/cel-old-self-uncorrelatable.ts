/** A transition rule (oldSelf) where the apiserver cannot pair a new value with its old one. */
import { defineRule } from "../define-rule.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS } from "../../k8s/releases.js";
import type { SchemaNode } from "../../crd/schema.js";
import { cleanCompiledEntries } from "../cel-compiled.js";

/** The outermost ancestor that makes `node` uncorrelatable: a non-map list above its items, or an object with an unknown map-type above its properties. */
export function uncorrelatableRoot(node: SchemaNode): SchemaNode | null {
  let found: SchemaNode | null = null;
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    const s = parent.schema;
    if (child.via === "items" && s["x-kubernetes-list-type"] !== "map") found = parent;
    else if (child.via === "properties") {
      const mt = s["x-kubernetes-map-type"];
      if (mt !== undefined && mt !== null && mt !== "" && mt !== "granular" && mt !== "atomic") found = parent;
    }
  }
  return found;
}

export default defineRule({
  id: "cel-old-self-uncorrelatable",
  category: "cel-compile",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description:
    "A rule uses oldSelf below a list that is not x-kubernetes-list-type: map (or an object with an unknown " +
    "map-type), where old and new values cannot be paired.",
  phase: "cel",
  // x-kubernetes-validations exists since 1.23 but is dropped on create until its gate is on by default.
  minMinor: CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.onByDefault,
  messages: {
    oldselfCannotBeUsedOn: "oldSelf cannot be used on the uncorrelatable portion of the schema within {{apiserver}}",
  },
  docs: {
    why:
      "Transition rules compare a value with its previous version; the apiserver can only pair list items by key in " +
      "list-type map lists. Under atomic and set lists there is no old value to compare with, so it rejects the rule.",
    fix:
      "Make the list `x-kubernetes-list-type: map` with `x-kubernetes-list-map-keys`, or move the rule up to the " +
      "list itself (`self == oldSelf` on the list is fine).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    l: {type: array, items: {type: string, x-kubernetes-validations: [{rule: 'self == oldSelf'}]}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    l: {type: array, items: {type: string}, x-kubernetes-validations: [{rule: 'self == oldSelf'}]}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    const compiled = cleanCompiledEntries(node, ctx);
    // compileRule records UsesOldSelf only for a rule that compiles to a bool.
    const usesOldSelf = (c: (typeof compiled)[number]): boolean =>
      !!c.rule?.ok &&
      c.rule.usesOldSelf &&
      (c.rule.outputType?.kind === "bool" || c.rule.outputType?.kind === undefined);
    if (!compiled.some(usesOldSelf)) return;
    const root = uncorrelatableRoot(node);
    if (!root) return;
    for (const c of compiled) {
      if (!usesOldSelf(c)) continue;
      ctx.report({
        path: c.entry.path.child("rule"),
        messageId: "oldselfCannotBeUsedOn",
        data: { apiserver: root.path.apiserver.toString() },
        value: c.entry.rule,
      });
    }
  },
});
