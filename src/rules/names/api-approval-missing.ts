/** Protected groups (*.k8s.io, *.kubernetes.io) need the api-approved.kubernetes.io annotation. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { isObject } from "../../crd/model.js";
import { stringField } from "../../k8s/objectmeta.js";
import { goURLParseRequestURI } from "../../k8s/url.js";

const ANNOTATION = "api-approved.kubernetes.io";

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
    pass:
      "metadata:\n" +
      "  name: widgets.x.k8s.io\n" +
      '  annotations: {api-approved.kubernetes.io: "https://github.com/kubernetes/enhancements/pull/1111"}\n' +
      "spec: {group: x.k8s.io}\n",
  },
  check(ctx) {
    const group = stringField(ctx.crd.spec, "group");
    if (!group || !isProtectedGroup(group)) return;
    const md = isObject(ctx.crd.raw.metadata) ? ctx.crd.raw.metadata : {};
    const value = stringField(md.annotations, ANNOTATION);
    // validateAPIApproval: an update that leaves the approval state as OLD had it is never refused for it.
    if (ctx.update && approvalState(ctx.update.old.raw) === approvalState(ctx.crd.raw)) return;
    if (value !== "") return;
    ctx.report({
      path: DualPath.root("metadata", "annotations").key(ANNOTATION),
      messageId: "protectedGroupsMustHaveApproval", data: { ANNOTATION },
    });
  },
});

export function isProtectedGroup(group: string): boolean {
  return group === "k8s.io" || group.endsWith(".k8s.io") || group === "kubernetes.io" || group.endsWith(".kubernetes.io");
}

/** GetAPIApprovalState's state of an object's annotation: missing, approved, bypassed or invalid. */
export function approvalState(raw: Record<string, unknown>): "missing" | "approved" | "bypassed" | "invalid" {
  const md = isObject(raw.metadata) ? raw.metadata : {};
  const value = stringField(md.annotations, ANNOTATION);
  if (value === null || value === "") return "missing";
  if (value.startsWith("unapproved")) return "bypassed";
  return approvalAccepted(value) ? "approved" : "invalid";
}

/** GetAPIApprovalState: bypassed (`unapproved…`) or approved (request URI with scheme and host) are accepted. */
export function approvalAccepted(value: string): boolean {
  if (value.startsWith("unapproved")) return true;
  const r = goURLParseRequestURI(value);
  return r.ok && r.url.host.length > 0 && r.url.scheme.length > 0;
}
