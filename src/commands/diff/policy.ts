/** The `diff` section's policy applied to a diff's diagnostics: its ignores and the unstable-version policy (src/config/diff-policy.ts reads it). */
import type { Diagnostic } from "../../diagnostics/index.js";
import type { DiffPolicy } from "../../config/diff-policy.js";

/** A version name such as v1alpha1 or v2beta3 (`*alpha*`, `*beta*`). */
export const UNSTABLE_VERSION = /alpha|beta/;

function glob(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split("*")
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );
}

/** Drops ignored findings and applies the unstable-version policy (after the per-rule severities). */
export function applyDiffPolicy(diagnostics: readonly Diagnostic[], policy: DiffPolicy): Diagnostic[] {
  const ignores = policy.ignore.map((i) => ({
    ...i,
    crdRe: i.crd ? glob(i.crd) : null,
    pathRe: i.path ? glob(i.path) : null,
  }));
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (
      d.category === "revision" &&
      ignores.some(
        (i) =>
          i.rule === d.rule &&
          (!i.crdRe || i.crdRe.test(d.object ?? "")) &&
          (!i.pathRe || i.pathRe.test(d.field ?? "")),
      )
    )
      continue;
    if (
      policy.unstableVersions === "lenient" &&
      d.category === "revision" &&
      !d.apiserver &&
      d.version !== undefined &&
      UNSTABLE_VERSION.test(d.version) &&
      policy.rules[d.rule] === undefined
    )
      out.push({ ...d, severity: "info" });
    else out.push(d);
  }
  return out;
}
