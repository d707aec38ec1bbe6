/** spec.group must be a lowercase RFC 1123 subdomain. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { stringField } from "../../k8s/objectmeta.js";
import { isDNS1123Subdomain, joined } from "../../k8s/validation.js";

export default defineRule({
  id: "group-not-dns-subdomain",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "spec.group is not a lowercase RFC 1123 subdomain.",
  phase: "crd",
  docs: {
    why:
      "The group appears in URLs (`/apis/<group>/<version>`) and in the CRD name; it must be a DNS subdomain: lower " +
      "case letters, digits, '-' and '.', at most 253 characters.",
    fix: "Lower-case the group and remove other characters, e.g. `example.com` instead of `Example.com` or `example_com`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpec)",
    fail: "spec: {group: Example.com}\n",
    pass: "spec: {group: example.com}\n",
  },
  check(ctx) {
    const group = stringField(ctx.crd.spec, "group");
    if (!group) return;
    const errs = isDNS1123Subdomain(group);
    if (errs.length === 0) return;
    ctx.report({
      path: DualPath.root("spec", "group"),
      message: joined(errs),
      value: group,
      suggestion: group.toLowerCase() !== group ? `use ${group.toLowerCase()}` : undefined,
    });
  },
});
