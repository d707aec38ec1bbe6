/** The api-approved.kubernetes.io annotation must be a URL or start with "unapproved". */
import { defineRule } from "../define-rule.js";
import { ANNOTATION, approvalAccepted, approvalPath, approvalToCheck } from "./api-approval.js";

export default defineRule({
  id: "api-approval-invalid",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "The api-approved.kubernetes.io annotation is neither a URL nor a reason starting with 'unapproved'.",
  phase: "crd",
  minMinor: 16,
  messages: {
    protectedGroupsMustHaveApproval:
      'protected groups must have approval annotation "{{ANNOTATION}}" with either a URL or a reason starting with ' +
      '"unapproved", see https://github.com/kubernetes/enhancements/pull/1111',
  },
  docs: {
    why:
      "For protected groups the apiserver accepts the approval annotation only when it parses as an absolute URL " +
      "with a scheme and a host (the approving pull request), or starts with `unapproved` (an explicit bypass). " +
      "Anything else — `yes`, `true`, a bare PR number — is rejected.",
    fix:
      "Set the annotation to the approving PR URL, e.g. `https://github.com/kubernetes/enhancements/pull/1111`, or " +
      "to `unapproved, <reason>`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (validateAPIApproval); " +
      "kubernetes/apiextensions-apiserver:pkg/apihelpers/helpers.go (GetAPIApprovalState)",
    fail: 'metadata:\n  name: widgets.x.k8s.io\n  annotations: {api-approved.kubernetes.io: "yes"}\nspec: {group: x.k8s.io}\n',
    pass: 'metadata:\n  name: widgets.x.k8s.io\n  annotations: {api-approved.kubernetes.io: "unapproved, experimental"}\nspec: {group: x.k8s.io}\n',
  },
  check(ctx) {
    const value = approvalToCheck(ctx);
    if (!value || approvalAccepted(value)) return;
    ctx.report({
      path: approvalPath(),
      messageId: "protectedGroupsMustHaveApproval",
      data: { ANNOTATION },
      value,
    });
  },
});
