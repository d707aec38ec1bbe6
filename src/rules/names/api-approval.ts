/**
 * The API approval both api-approval rules check (validateAPIApproval): CRDs of the protected groups k8s.io and
 * kubernetes.io (and their subdomains) carry the api-approved.kubernetes.io annotation, KEP 1111.
 */
import type { RuleContext } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { isObject } from "../../crd/model.js";
import { stringField } from "../../k8s/objectmeta.js";
import { goURLParseRequestURI } from "../../k8s/url.js";

export const ANNOTATION = "api-approved.kubernetes.io";

/**
 * The annotation's value when the apiserver checks it ("" when absent), or null when it does not: the group is not
 * protected, the value is not a string, or an update leaves the approval state as OLD had it.
 */
export function approvalToCheck(ctx: RuleContext): string | null {
  const group = stringField(ctx.crd.spec, "group");
  if (!group || !isProtectedGroup(group)) return null;
  const md = isObject(ctx.crd.raw.metadata) ? ctx.crd.raw.metadata : {};
  const value = stringField(md.annotations, ANNOTATION);
  // validateAPIApproval: an update that leaves the approval state as OLD had it is never refused for it.
  if (ctx.update && approvalState(ctx.update.old.raw) === approvalState(ctx.crd.raw)) return null;
  return value;
}

/** Where the annotation's findings point. */
export function approvalPath(): DualPath {
  return DualPath.root("metadata", "annotations").key(ANNOTATION);
}

export function isProtectedGroup(group: string): boolean {
  return (
    group === "k8s.io" || group.endsWith(".k8s.io") || group === "kubernetes.io" || group.endsWith(".kubernetes.io")
  );
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
