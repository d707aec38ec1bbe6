/** A shortName is repeated, or repeats the plural or singular. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";

export default defineRule({
  id: "lint-names-duplicate-shortname",
  category: "names",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "A shortName is listed twice or equals the plural or singular.",
  preset: "strict",
  presetWhy: "Redundant, not broken: a repeated short name adds nothing and breaks nothing.",
  phase: "crd",
  messages: {
    shortnameIsListedMoreThan: 'shortName "{{value}}" is listed more than once',
    shortnameIsThePluralName: 'shortName "{{value}}" is the plural name itself',
    shortnameIsTheSingularName: 'shortName "{{value}}" is the singular name itself',
  },
  docs: {
    why:
      "The apiserver accepts repeated short names (its naming controller only detects conflicts between different " +
      "CRDs), but a duplicate, or a short name equal to the plural or singular, adds nothing and usually hides a typo.",
    fix: "Remove the duplicate entry from spec.names.shortNames.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/controller/status/naming_controller.go (conflicts are only checked " +
      "across CRDs)",
    fail: "spec: {names: {plural: widgets, singular: widget, kind: Widget, shortNames: [wd, wd]}}\n",
    pass: "spec: {names: {plural: widgets, singular: widget, kind: Widget, shortNames: [wd]}}\n",
  },
  check(ctx) {
    const { shortNames, plural, singular } = crdNames(ctx.crd.spec);
    if (!shortNames) return;
    const seen = new Set<string>();
    for (const { index, value } of shortNames) {
      const path = DualPath.root("spec", "names", "shortNames").index(index);
      if (seen.has(value))
        ctx.report({
          path,
          messageId: "shortnameIsListedMoreThan",
          data: { value },
          suggestion: "remove the duplicate",
        });
      else if (value === plural)
        ctx.report({ path, messageId: "shortnameIsThePluralName", data: { value }, suggestion: "remove it" });
      else if (value === singular)
        ctx.report({ path, messageId: "shortnameIsTheSingularName", data: { value }, suggestion: "remove it" });
      seen.add(value);
    }
  },
});
