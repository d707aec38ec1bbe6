/** metadata.name must equal <spec.names.plural>.<spec.group>. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { isObject } from "../../crd/model.js";
import { stringField } from "../../k8s/objectmeta.js";
import { nameCheckedOnCreate } from "./crd-name.js";

export default defineRule({
  id: "crd-name-mismatch",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "metadata.name is not <spec.names.plural>.<spec.group>.",
  phase: "crd",
  messages: {
    mustBeSpecNamesPlural: 'must be spec.names.plural+"."+spec.group',
  },
  docs: {
    why:
      "The apiserver finds a CRD by its resource (`<plural>.<group>`), so the object name must be exactly that " +
      "string — a different name, a different case or a singular is rejected.",
    fix:
      "Rename the CRD to `<spec.names.plural>.<spec.group>`, or fix spec.names.plural / spec.group if they are the " +
      "ones that are wrong.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(ValidateCustomResourceDefinition, name function)",
    fail: "metadata: {name: gadgets.example.com}\n",
    pass: "metadata: {name: widgets.example.com}\n",
  },
  check(ctx) {
    const name = nameCheckedOnCreate(ctx);
    if (!name) return;
    const names = isObject(ctx.crd.spec.names) ? ctx.crd.spec.names : {};
    const plural = stringField(names, "plural");
    const group = stringField(ctx.crd.spec, "group");
    if (plural === null || group === null) return;
    const required = plural + "." + group;
    if (name === required) return;
    ctx.report({
      path: DualPath.root("metadata", "name"),
      messageId: "mustBeSpecNamesPlural",
      value: name,
      suggestion: plural && group ? `rename the CRD to ${required}` : undefined,
    });
  },
});
