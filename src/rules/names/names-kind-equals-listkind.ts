/** spec.names.kind and spec.names.listKind may not be the same. */
import { defineRule } from "../define-rule.js";
import { NAMES_UPSTREAM } from "./name-fields.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";

export default defineRule({
  id: "names-kind-equals-listkind",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "spec.names.listKind equals spec.names.kind.",
  phase: "crd",
  messages: {
    kindAndListkindMayNot: "kind and listKind may not be the same",
  },
  docs: {
    why: "Clients tell an object from a list by its kind; if both are the same, decoding becomes ambiguous.",
    fix: 'Omit listKind (it defaults to kind + "List") or set it to e.g. `WidgetList`.',
    upstream: NAMES_UPSTREAM,
    fail: "spec: {names: {plural: widgets, kind: Widget, listKind: Widget}}\n",
    pass: "spec: {names: {plural: widgets, kind: Widget, listKind: WidgetList}}\n",
  },
  check(ctx) {
    const { kind, listKind } = crdNames(ctx.crd.spec);
    if (!kind || kind !== listKind) return;
    ctx.report({
      path: DualPath.root("spec", "names", "listKind"),
      messageId: "kindAndListkindMayNot",
      value: listKind,
      suggestion: `use listKind: ${kind}List`,
    });
  },
});
