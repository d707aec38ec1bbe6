/** A property that is both required and defaulted. */
import { defineRule } from "../define-rule.js";
import { defaultValue } from "./analyze.js";

export default defineRule({
  id: "lint-default-on-required",
  category: "defaults",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "A property is both required and defaulted, so required never fails.",
  preset: "strict",
  presetWhy: "Redundant, not broken: the required entry never fails and objects are valid either way.",
  phase: "walk",
  messages: {
    propertyIsBothRequiredAnd:
      "property {{name}} is both required and defaulted: the default always fills it, so required never fails",
  },
  docs: {
    why:
      "Defaulting runs before validation, so a defaulted property is always present when `required` is checked: the " +
      "`required` entry never rejects anything and clients are not forced to set the field. That is intended for " +
      "list-map keys (they must be required or defaulted), but elsewhere one of the two is usually a mistake.",
    fix:
      "Decide: drop the `default` if clients must choose a value, or drop the property from `required` if the " +
      "default is fine.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/defaulting/algorithm.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    spec:\n      type: object\n      required: [mode]\n      properties:\n        mode: {type: string, default: fast}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    spec:\n      type: object\n      required: [mode]\n      properties:\n        mode: {type: string}\n",
  },
  visitKeys: ["default"],
  visitNode(node, ctx) {
    if (node.via !== "properties" || node.name === null || node.inJunctor || defaultValue(node) === undefined) return;
    const parent = node.parent!;
    const required = parent.schema.required;
    if (!Array.isArray(required) || !required.includes(node.name)) return;
    // A list-map key must be required or defaulted: both is fine there.
    const list = parent.via === "items" ? parent.parent : null;
    if (list && list.schema["x-kubernetes-list-type"] === "map") {
      const keys = list.schema["x-kubernetes-list-map-keys"];
      if (Array.isArray(keys) && keys.includes(node.name)) return;
    }
    ctx.report({
      path: node.path.child("default"),
      messageId: "propertyIsBothRequiredAnd",
      data: { name: node.name },
    });
  },
});
