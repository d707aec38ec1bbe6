/**
 * The `diff` section of .crdlint.yaml: how revision findings are graded (`crdlint diff`, `lint --against`).
 * Severities per rule join the `rules` map; the unstable-version policy and the ignores apply to the diagnostics.
 */
import type { ConfiguredSeverity, Diagnostic } from "../diagnostics/index.js";

export interface DiffIgnore {
  rule: string;
  /** metadata.name of the CRD (a glob: `*` matches any run of characters). */
  crd?: string;
  /** The diagnostic's field (a glob: `*` matches any run of characters). */
  path?: string;
  /** Why the change is accepted: required, so that every exception has its justification beside it. */
  reason: string;
}

export interface DiffPolicy {
  rules: Record<string, ConfiguredSeverity>;
  /** `lenient`: findings about a version whose name contains alpha or beta are info (the apiserver's rejections stay errors). */
  unstableVersions: "strict" | "lenient";
  ignore: DiffIgnore[];
}

/** A version name such as v1alpha1 or v2beta3 (`*alpha*`, `*beta*`). */
export const UNSTABLE_VERSION = /alpha|beta/;

function glob(pattern: string): RegExp {
  return new RegExp(`^${pattern.split("*").map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
}

/** Drops ignored findings and applies the unstable-version policy (after the per-rule severities). */
export function applyDiffPolicy(diagnostics: readonly Diagnostic[], policy: DiffPolicy): Diagnostic[] {
  const ignores = policy.ignore.map((i) => ({ ...i, crdRe: i.crd ? glob(i.crd) : null, pathRe: i.path ? glob(i.path) : null }));
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (d.category === "revision" && ignores.some((i) => i.rule === d.rule && (!i.crdRe || i.crdRe.test(d.object ?? "")) && (!i.pathRe || i.pathRe.test(d.field ?? "")))) continue;
    if (policy.unstableVersions === "lenient" && d.category === "revision" && !d.apiserver && d.version !== undefined && UNSTABLE_VERSION.test(d.version) && policy.rules[d.rule] === undefined)
      out.push({ ...d, severity: "info" });
    else out.push(d);
  }
  return out;
}
