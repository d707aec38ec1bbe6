/** metadata.name must be a lowercase RFC 1123 subdomain. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { nameIsDNSSubdomain } from "../../k8s/objectmeta.js";
import { nameCheckedOnCreate } from "./crd-name.js";

export default defineRule({
  id: "crd-name-not-dns-subdomain",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "metadata.name is not a lowercase RFC 1123 subdomain.",
  phase: "crd",
  docs: {
    why:
      "Object names of cluster-scoped resources such as CRDs must be DNS subdomains: lower case letters, digits, '-' " +
      "and '.', at most 253 characters. The apiserver reports the length and the format problems as separate errors.",
    fix: "Use lower case only: the name is `<plural>.<group>` and both parts must be lower case anyway.",
    upstream:
      "kubernetes/apimachinery:pkg/api/validation/objectmeta.go (NameIsDNSSubdomain via the CRD name function in " +
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go)",
    fail: "metadata: {name: Widgets.example.com}\n",
    pass: "metadata: {name: widgets.example.com}\n",
  },
  check(ctx) {
    const name = nameCheckedOnCreate(ctx);
    if (!name) return;
    for (const m of nameIsDNSSubdomain(name, false))
      ctx.report({ path: DualPath.root("metadata", "name"), message: m, value: name });
  },
});
