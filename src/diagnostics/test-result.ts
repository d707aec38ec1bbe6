/**
 * `crdlint test`'s result model: what a run of CRD validation test suites found, case by case, in the terms the
 * reporters (src/report/test.ts; this module sits in the lowest layer so that they can read it) and the library API use. A case is one request sequence against one CRD (an
 * openshift/api suite runs its cases once per CRD manifest its feature gates select: each run is a case result).
 */

/** How a case ended. `errored`: the case could not run as written (its object does not parse, its CRD is rejected). */
export type CaseStatus = "passed" | "failed" | "errored";

/** The request a step sends, as the apiserver names the operation. */
export type TestStep =
  | "install CRD"
  | "create"
  | "initial status update"
  | "patch CRD"
  | "restore CRD"
  | "update"
  | "status update"
  | "read back";

export interface CaseFailure {
  /** One line: what did not hold. */
  message: string;
  /** The step that did not do what the case expects. */
  step: TestStep;
  /** The error the case expects (a substring of the apiserver's error, or one per field), as written. */
  expectedError?: string;
  /** The error the apiserver would return at this step; null when the request would succeed. */
  actualError?: string | null;
  /** Expected and actual objects (YAML) and a unified diff of the two, when the object comparison failed. */
  expectedObject?: string;
  actualObject?: string;
  objectDiff?: string;
  /**
   * The releases at which the case passes, when it fails at the run's release but passes at others (error texts and
   * behaviours change between releases): "1.25–1.36". Absent when it fails at every release tried.
   */
  passesAt?: string;
}

export interface CaseResult {
  /** The suite file, as given on the command line (relative to the working directory). */
  file: string;
  /** Where the case starts in the suite file (1-based line and column). */
  line: number;
  column: number;
  /** The suite's name (openshift/api: `name`; native: `name`, else the file name). */
  suite: string;
  /** The case's name. */
  name: string;
  /** The CRD the case ran against: its file (relative) and, when the suite runs against several, which one. */
  crdFile: string;
  /** create, update (onUpdate), or status (an update through /status only). */
  operation: "create" | "update" | "status";
  status: CaseStatus;
  failure?: CaseFailure;
  /** Warnings the apiserver would return to the client across the case's requests (unknown fields pruned, …). */
  warnings: string[];
  durationMs: number;
  /**
   * A run over several releases only: the case's result at each release, merged where the releases agree (oldest
   * first). `status` is then the worst of them (errored, failed, passed: it passes only if it passes at every
   * release), `failure` the oldest failing release's, `warnings` those of every release.
   */
  byRelease?: CaseReleaseResult[];
}

/** A case's result at the releases (oldest first, "1.28") that agree on all of it. */
export interface CaseReleaseResult {
  releases: string[];
  status: CaseStatus;
  failure?: CaseFailure;
  warnings: string[];
}

/** A suite file that cannot run (unreadable, no CRD found, a feature gate unknown): exit code 2. */
export interface SuiteProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** One check a case can exercise: a CEL rule, or a `required`, `enum`, `pattern`, bound … of one schema node. */
export interface CoverageItem {
  /** The CRD's metadata.name and version. */
  crd: string;
  version: string;
  /** The schema node's field path (`spec.ports[*].name`, `<root>` for the root). */
  path: string;
  /** `rule[0]` (x-kubernetes-validations[0]), `required:name`, `enum`, `pattern`, `maxLength`, `minimum`, … */
  check: string;
  /** For a CEL rule, its expression. */
  rule?: string;
  /** Where the check is written in the CRD file, when known. */
  file?: string;
  line?: number;
  /** Some case makes it fail. */
  failed: boolean;
  /** Some case passes through it (evaluated, held). */
  passed: boolean;
}

export interface CoverageReport {
  items: CoverageItem[];
  summary: { checks: number; failedBySome: number; passedBySome: number; both: number; neither: number };
}

export interface TestRunResult {
  /** The release the run targets, "1.N" (a run over several releases: "1.28..1.37"). */
  kubernetesVersion: string;
  /** Suite files read (problems included). */
  suites: number;
  cases: CaseResult[];
  problems: SuiteProblem[];
  summary: { passed: number; failed: number; errored: number; durationMs: number };
  coverage?: CoverageReport;
  /** A run over several releases only: its releases (oldest first), and at each how many cases pass, fail, err. */
  releases?: string[];
  summaryByRelease?: Record<string, { passed: number; failed: number; errored: number }>;
}

/** The exit code a run earns: 2 when a suite cannot run, else 1 when a case fails or errs, else 0. */
export function testExitCode(r: TestRunResult): 0 | 1 | 2 {
  if (r.problems.length > 0) return 2;
  return r.summary.failed > 0 || r.summary.errored > 0 ? 1 : 0;
}
