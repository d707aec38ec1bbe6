/**
 * `crdlint validate`: custom resources in, the apiserver's verdict on each out. CRDs come from `--crd` inputs and
 * from the manifests themselves; inputs are read document by document (memory stays flat as resources grow);
 * each CRD is linted (lazily, when a resource first needs it) and each version's validator is compiled once. The
 * run's steps are run.ts's; how inputs are read, inputs.ts's.
 */
import type { LintResult } from "../../diagnostics/index.js";
import type { FieldValidation } from "../../values/resource.js";
import { allRules } from "../../rules/index.js";
import { makeLinter, type LintOptions } from "../../engine/files.js";
import { checkOptions, checkPaths } from "../../engine/options.js";
import { ReleaseCrds, ValidateRun } from "./run.js";
import { parseReleaseSpec } from "../../k8s/version.js";
import { isRangeLinter, overReleases } from "../../engine/range.js";

export interface ValidateOptions extends LintOptions {
  /** CRD files, directories, globs or `-` (stdin). */
  crds?: readonly string[];
  /** A file with the objects as they are stored: the manifests are then validated as updates of them. */
  old?: string;
  /** The field validation directive (kubectl's --validate): strict (default), warn or ignore. */
  fieldValidation?: FieldValidation;
  /** Skip resources whose kind no CRD defines instead of reporting kubectl's "no matches for kind". */
  ignoreMissingSchemas?: boolean;
  /**
   * A cache directory shared across runs (content-addressed; src/load/content-cache.ts) and crdlint's version (part of
   * every key): CRD chunks it knows are not parsed until a resource needs their CRD. Absent or false: no cache.
   */
  cache?: { dir: string; version: string } | false;
  /** Receives every object as the apiserver would store it (pruned, defaulted), in input order. */
  onDefaulted?: (object: unknown) => void;
}

/** Checks the paths and validate's options (a UsageError names every problem), then runs. */
export async function validateFiles(paths: readonly string[], options: ValidateOptions): Promise<LintResult> {
  checkPaths(paths);
  checkOptions(
    "validate",
    options,
    allRules.map((r) => r.id),
  );
  // Several releases: one run at each, merged; the stored objects reported once, the newest release's. The runs
  // share the CRDs: each CRD text is linted once over the releases (a range linter, without a claim: only each
  // release's own apiserver errors are the CRD's verdict there).
  const spec = options.kubernetesVersion === undefined ? undefined : parseReleaseSpec(options.kubernetesVersion);
  const crds =
    spec?.ok && spec.value.range
      ? await makeLinter(allRules, { ...options, claimedKubernetesVersions: undefined }).then((l) =>
          isRangeLinter(l) ? new ReleaseCrds(l) : undefined,
        )
      : undefined;
  return overReleases(options, async (at, newest) =>
    new ValidateRun(
      { ...at, onDefaulted: newest ? options.onDefaulted : undefined },
      await makeLinter(allRules, at),
      crds,
    ).run(paths),
  );
}
