/** A default for a set/map list with duplicate items or keys. */
import { defineRule } from "../define-rule.js";
import { renderValue } from "../../k8s/validation.js";
import { validateListTypes } from "../../values/listtype.js";
import { defaultValue, lift } from "./analyze.js";

export default defineRule({
  id: "lint-default-list-duplicates",
  category: "defaults",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "A default holds an x-kubernetes-list-type set or map list with duplicate items or keys.",
  preset: "recommended",
  presetWhy: "Failed applies: every object that receives the default fails with `Duplicate value`.",
  phase: "walk",
  messages: {
    everyObjectThatGetsThis: "every object that gets this default fails list-type validation: {{what}}",
  },
  docs: {
    why:
      "The apiserver checks list-type uniqueness on objects, never on defaults: a default whose `set` list repeats " +
      "an item (or whose `map` list repeats a key) is accepted with the CRD, and then every object that receives it " +
      "fails with `Duplicate value`.",
    fix: "Remove the repeated items (or give the map entries distinct keys).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/listtype/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    tags: {type: array, x-kubernetes-list-type: set, items: {type: string}, default: [a, b, a]}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    tags: {type: array, x-kubernetes-list-type: set, items: {type: string}, default: [a, b]}\n",
  },
  visitKeys: ["default"],
  visitNode(node, ctx) {
    if (node.inJunctor || node.inUnsupported) return;
    const d = defaultValue(node);
    if (typeof d !== "object" || d === null) return;
    const base = node.path.child("default");
    for (const e of validateListTypes(d, node.schema, { rootPath: base.written })) {
      const what =
        e.type === "Duplicate value"
          ? `${e.type}: ${renderValue(e.value)}`
          : `${e.type}: ${renderValue(e.value)}: ${e.message}`;
      ctx.report({ path: lift(base, e.path), messageId: "everyObjectThatGetsThis", data: { what } });
    }
  },
});
