/**
 * The `diff` section of .crdlint.yaml: how revision findings are graded (`crdlint diff`, `lint --against`).
 * Severities per rule join the `rules` map; the unstable-version policy and the ignores apply to the diagnostics
 * (src/commands/diff/policy.ts).
 */
import type { ConfiguredSeverity } from "../diagnostics/index.js";

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
