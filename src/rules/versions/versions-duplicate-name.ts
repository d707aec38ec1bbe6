/** Version names must be unique. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { internalVersionsValue } from "../../crd/internal-version.js";

export default defineRule({
  id: "versions-duplicate-name",
  category: "versions",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "Two entries of spec.versions have the same name.",
  phase: "crd",
  messages: {
    mustContainUniqueVersionNames: "must contain unique version names",
  },
  docs: {
    why:
      "Each version is served at `/apis/<group>/<version>`; two entries with the same name are ambiguous. The " +
      "apiserver reports it once, at spec.versions, with the whole internal versions list as the value: every field " +
      "of every version under its Go name, and `null` for a schema, subresources, printer columns or selectable " +
      "fields that all versions share (they moved to the spec).",
    fix: "Rename or remove the duplicate entry.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpec)",
    fail: "versions:\n- {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n- {name: v1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: "openAPIV3Schema: {type: object}\n",
  },
  check(ctx) {
    const seen = new Set<string>();
    const dups: string[] = [];
    for (const v of ctx.crd.versions) {
      if (seen.has(v.name)) dups.push(v.name);
      seen.add(v.name);
    }
    if (dups.length === 0) return;
    ctx.report({
      path: DualPath.root("spec", "versions"),
      messageId: "mustContainUniqueVersionNames",
      // The apiserver prints the whole internal versions list (every field of every version), as it holds it.
      value: internalVersionsValue(ctx.crd.spec),
      detail: `duplicated: ${[...new Set(dups)].join(", ")}`,
    });
  },
});
