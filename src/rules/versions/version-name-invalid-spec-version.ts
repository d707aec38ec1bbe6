/** The first version's invalid name is reported a second time at the internal spec.version. */
import { defineRule } from "../define-rule.js";
import { DualPath, FieldPath } from "../../k8s/path.js";
import { isDNS1035Label, joined } from "../../k8s/validation.js";

export default defineRule({
  id: "version-name-invalid-spec-version",
  category: "versions",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "An invalid spec.versions[0].name is also reported at spec.version.",
  phase: "crd",
  docs: {
    why:
      "The v1 → internal conversion copies spec.versions[0].name into the internal `spec.version` field, which is " +
      "validated too: an invalid first version name therefore yields a second error at `spec.version`, a path that " +
      "does not exist in a v1 manifest.",
    fix: "Fix spec.versions[0].name (see version-name-invalid); both errors disappear.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpec); " +
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/conversion.go",
    fail: 'versions:\n- {name: "1.0", served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n',
    pass: "openAPIV3Schema: {type: object}\n",
  },
  check(ctx) {
    const first = ctx.crd.versions[0];
    if (!first || first.name === "") return;
    const errs = isDNS1035Label(first.name);
    if (errs.length === 0) return;
    ctx.report({
      path: new DualPath(first.path.written.child("name"), FieldPath.root("spec", "version")),
      message: joined(errs),
      value: first.name,
    });
  },
});
