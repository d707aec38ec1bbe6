/** spec.group must contain a dot. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { stringField } from "../../k8s/objectmeta.js";
import { isDNS1123Subdomain } from "../../k8s/validation.js";

export default defineRule({
  id: "group-needs-dot",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "spec.group has no dot.",
  phase: "crd",
  messages: {
    shouldBeADomainWith: "should be a domain with at least one dot",
  },
  docs: {
    why:
      "Single-label groups (`apps`, `batch`, `widgets`) are reserved for built-in APIs; a CRD group must be a domain " +
      "with at least one dot so that it cannot collide with them.",
    fix: "Use a fully qualified domain you own, e.g. `widgets.example.com`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpec)",
    fail: "spec: {group: example}\n",
    pass: "spec: {group: example.com}\n",
  },
  check(ctx) {
    const group = stringField(ctx.crd.spec, "group");
    if (!group || isDNS1123Subdomain(group).length > 0 || group.includes(".")) return;
    ctx.report({ path: DualPath.root("spec", "group"), messageId: "shouldBeADomainWith", value: group });
  },
});
