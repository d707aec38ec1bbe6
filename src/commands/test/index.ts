/**
 * `crdlint test`: CRD validation test suites run without a cluster — openshift/api's suites unmodified, and
 * crdlint's native format — each case answered by the apiserver's custom-resource pipeline at the release asked.
 * The run's steps are run.ts's; the apiserver a case talks to, apiserver.ts's; the formats, openshift.ts and native.ts.
 */
import type { TestRunResult } from "../../diagnostics/test-result.js";
import { DEFAULT_KUBERNETES_VERSION, parseReleaseSpec } from "../../k8s/version.js";
import { UsageError } from "../../engine/options.js";
import { TestRun } from "./run.js";
import type { ObservedRequest } from "./apiserver.js";

export type { ObservedRequest };

export interface TestOptions {
  /**
   * The release the apiserver runs, "1.N" (default: crdlint's default release); or a range, "1.28..1.37", or
   * "supported": every case runs at each release, and passes only if it passes at every one.
   */
  kubernetesVersion?: string;
  /** CRD files or directories, for native suites that name their CRD by metadata.name. */
  crds?: readonly string[];
  /** Fill each `TODO` (expected, expectedError) in the suite files with the apiserver's answer. */
  update?: boolean;
  /** Record which checks (CEL rules, required, enum, pattern, bounds) some case makes fail or passes through. */
  coverage?: boolean;
  /**
   * What `expected` is compared with: the whole object as openshift/api's harness compares it (default), or only
   * spec and status, as harnesses copied from it in other projects do.
   */
  compare?: "object" | "spec-status";
  /** For a failing case, try the other releases and say at which it passes (default true). */
  releaseHints?: boolean;
  cwd?: string;
  /** Sees every create and update request a case sends at the run's release, with the answer crdlint gives. */
  onRequest?: (request: ObservedRequest) => void;
}

const KEYS = ["kubernetesVersion", "crds", "update", "coverage", "compare", "releaseHints", "cwd", "onRequest"];

/** Runs the suites of `paths` (files or directories; default the working directory). */
export async function runTests(paths: readonly string[], options: TestOptions = {}): Promise<TestRunResult> {
  const unknown = Object.keys(options).filter(
    (k) => !KEYS.includes(k) && (options as Record<string, unknown>)[k] !== undefined,
  );
  if (unknown.length > 0) throw new UsageError(unknown.map((k) => `unknown option "${k}"`).join("\n"));
  const v = parseReleaseSpec(options.kubernetesVersion ?? DEFAULT_KUBERNETES_VERSION);
  if (!v.ok) throw new UsageError(`kubernetesVersion: ${v.error}`);
  // A TODO is filled with one apiserver's answer: which release's would be a guess.
  if (v.value.range && options.update)
    throw new UsageError("update: fills each TODO with one release's answer; give one release (-k 1.N), not a range");
  if (options.compare !== undefined && options.compare !== "object" && options.compare !== "spec-status")
    throw new UsageError(`compare: expected object or spec-status, got ${JSON.stringify(options.compare)}`);
  return new TestRun(options, v.value.minors, v.value.range).run(paths);
}
