/** Protected groups (*.k8s.io, *.kubernetes.io) need the api-approved.kubernetes.io annotation. */
import { defineRule } from "../define-rule.js";
import { ANNOTATION, approvalPath, approvalToCheck } from "./api-approval.js";

export default defineRule({
  id: "api-approval-missing",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "A CRD in a protected *.k8s.io / *.kubernetes.io group lacks the api-approved.kubernetes.io annotation.",
  phase: "crd",
  minMinor: 16,
  messages: {
    protectedGroupsMustHaveApproval:
      'protected groups must have approval annotation "{{ANNOTATION}}", see ' +
      "https://github.com/kubernetes/enhancements/pull/1111",
  },
  docs: {
    why:
      "Groups `k8s.io`, `kubernetes.io` and their subdomains belong to the Kubernetes project; a CRD there must " +
      "carry `api-approved.kubernetes.io` pointing at the approving pull request (or a reason starting with " +
      "`unapproved`).",
    fix:
      "Use a group you own (e.g. `widgets.example.com`), or add `api-approved.kubernetes.io: " +
      'https://github.com/kubernetes/enhancements/pull/<n>` (or `"unapproved, experimental-only"`).',
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (validateAPIApproval); " +
      "kubernetes/apiextensions-apiserver:pkg/apihelpers/helpers.go (IsProtectedCommunityGroup, GetAPIApprovalState)",
    fail: "metadata: {name: widgets.x.k8s.io}\nspec: {group: x.k8s.io}\n",
    pass: 'metadata:\n  name: widgets.x.k8s.io\n  annotations: {api-approved.kubernetes.io: "https://github.com/kubernetes/enhancements/pull/1111"}\nspec: {group: x.k8s.io}\n',
  },
  check(ctx) {
    if (approvalToCheck(ctx) !== "") return;
    ctx.report({
      path: approvalPath(),
      messageId: "protectedGroupsMustHaveApproval",
      data: { ANNOTATION },
    });
  },
});
