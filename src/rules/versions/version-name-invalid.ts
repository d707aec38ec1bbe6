/** Each version name must be a DNS-1035 label. */
import { defineRule } from "../define-rule.js";
import { isDNS1035Label, joined } from "../../k8s/validation.js";

export default defineRule({
  id: "version-name-invalid",
  category: "versions",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A spec.versions[].name is not a DNS-1035 label.",
  phase: "crd",
  docs: {
    why:
      "The version is a URL path segment (`/apis/<group>/<version>`) and must be a DNS-1035 label: lower case " +
      "letters, digits and '-', starting with a letter. `V1`, `1.0` or `v1.0` are rejected.",
    fix: "Use Kubernetes-style names such as `v1`, `v1beta1`, `v2alpha1`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpec)",
    fail: "versions:\n- {name: V1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: "openAPIV3Schema: {type: object}\n",
  },
  check(ctx) {
    for (const v of ctx.crd.versions) {
      const raw = v.raw.name;
      if (raw !== undefined && raw !== null && typeof raw !== "string") continue;
      const errs = isDNS1035Label(v.name);
      if (errs.length === 0) continue;
      ctx.report({ path: v.path.child("name"), message: joined(errs), value: v.name });
    }
  },
});
