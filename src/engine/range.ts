/**
 * A run over several Kubernetes releases (`-k 1.28..1.37`, `-k supported`): one engine per release, each text read
 * and parsed once and linted by every engine; a diagnostic alike at several releases is reported once with the
 * releases it holds for; each CRD gets its verdict per release (accepted: no apiserver error there) and its first
 * accepting release. Against what the project claims (a chart's `kubeVersion`, `kubernetesVersions` in
 * .crdlint.yaml), a CRD rejected at a claimed release is an error of crd-rejected-in-claimed-range.
 */
import {
  compareDiagnostics,
  type CrdReleases,
  type Diagnostic,
  type LintResult,
  type SourceRange,
} from "../diagnostics/index.js";
import type { InputLayout } from "../load/layout.js";
import type { LoadedText } from "../load/document.js";
import { claimedMinors } from "../k8s/kube-version-constraint.js";
import { knownReleases } from "../k8s/releases.js";
import { describeReleases, formatReleases, parseReleaseSpec } from "../k8s/version.js";
import type { StdinReader } from "../load/files.js";
import type { Linter, ReplayBook, TextResult } from "./lint.js";
import type { UpdateInput } from "./update.js";
import type { EngineCode } from "./codes.js";
import { runResult } from "./sink.js";

const CLAIM_RULE = "crd-rejected-in-claimed-range" satisfies EngineCode;

/** Releases the project claims, and where it says so. */
export interface ReleaseClaim {
  source: string;
  minors: number[];
}

const release = (minor: number): string => `1.${minor}`;

/** The claim of a chart's kubeVersion, over the releases crdlint knows (null: a constraint crdlint cannot read). */
export function chartClaim(kubeVersion: NonNullable<InputLayout["kubeVersion"]>): ReleaseClaim | null {
  const minors = claimedMinors(kubeVersion.constraint, knownReleases());
  if (!minors.ok) return null;
  return { source: `kubeVersion "${kubeVersion.constraint}" in ${kubeVersion.chartFile}`, minors: minors.value };
}

/** Whether a diagnostic is the apiserver rejecting its CRD now (an error it reports, not one behind another). */
const rejects = (d: Diagnostic): boolean => d.apiserver && d.severity === "error" && d.hiddenBy === undefined;

export class RangeLinter implements Linter {
  readonly replicable = false;

  /** `engines[i]` lints at `minors[i]` (oldest first); `claim`: the configuration's, for files outside a chart. */
  constructor(
    private readonly engines: readonly Linter[],
    readonly minors: readonly number[],
    private readonly claim: ReleaseClaim | undefined,
  ) {}

  get rules(): Linter["rules"] {
    return this.engines[0]!.rules;
  }

  get severities(): Linter["severities"] {
    return this.engines[0]!.severities;
  }

  /** The newest release of the run (a diagnostic without releases, such as a file skipped, holds at every one). */
  get minor(): number {
    return this.minors[this.minors.length - 1]!;
  }

  fileDiagnostic(file: string, rule: Parameters<Linter["fileDiagnostic"]>[1], message: string): Diagnostic {
    return this.engines[0]!.fileDiagnostic(file, rule, message);
  }

  load(text: string): LoadedText {
    return this.engines[0]!.load(text);
  }

  lintText(text: string, file: string, update?: UpdateInput, layout: InputLayout = {}): TextResult {
    const { crdObjects: _, ...result } = this.lintLoaded(this.load(text), text, file, update, layout);
    return result;
  }

  lintLoaded(
    loaded: LoadedText,
    text: string,
    file: string,
    update?: UpdateInput,
    layout: InputLayout = {},
  ): TextResult & { crdObjects: { document: number; object: string | null }[] } {
    const results = this.lintEach(loaded, text, file, update && (() => update), layout);
    const first = results[0]!;
    // A diagnostic alike at several releases is one, with those releases (keys in the contract's order: whole equality).
    const merged = new Map<string, { d: Diagnostic; minors: number[] }>();
    results.forEach((r, i) => {
      for (const d of r.diagnostics) {
        const key = JSON.stringify(d);
        const m = merged.get(key);
        if (m) m.minors.push(this.minors[i]!);
        else merged.set(key, { d, minors: [this.minors[i]!] });
      }
    });
    const diagnostics: Diagnostic[] = [...merged.values()].map(({ d, minors }) => ({
      ...d,
      releases: minors.map(release),
    }));
    const claim = layout.kubeVersion ? (chartClaim(layout.kubeVersion) ?? this.claim) : this.claim;
    const crdReleases: CrdReleases[] = [];
    for (const crd of first.crdObjects) {
      const ofCrd = (d: Diagnostic) => d.document === crd.document && d.object === crd.object && rejects(d);
      const causes = results.map((r) => r.diagnostics.filter(ofCrd).sort(compareDiagnostics)[0]);
      const verdicts: CrdReleases["verdicts"] = {};
      this.minors.forEach((m, i) => (verdicts[release(m)] = causes[i] ? "rejected" : "accepted"));
      const accepted = this.minors.filter((_, i) => !causes[i]).map(release);
      const claimed = claim ? this.minors.filter((m) => claim.minors.includes(m)) : [];
      crdReleases.push({
        file,
        document: crd.document,
        object: crd.object,
        verdicts,
        accepted,
        firstAccepted: accepted[0] ?? null,
        ...(claim ? { claimed: { source: claim.source, releases: claimed.map(release) } } : {}),
      });
      const rejectedClaimed = claimed.filter((m) => causes[this.minors.indexOf(m)]);
      if (claim && rejectedClaimed.length > 0) {
        const d = this.claimDiagnostic(file, crd, claim, claimed, rejectedClaimed, causes, accepted[0]);
        if (d) diagnostics.push(d);
      }
    }
    return {
      ...first,
      diagnostics,
      suppressedApiserverErrors: Math.max(...results.map((r) => r.suppressedApiserverErrors)),
      crdReleases,
    };
  }

  /**
   * Each release's own result of linting a text (`minors[i]`'s at `i`), as a run at that release gives it; `updateAt`
   * lints it as an update (diff, lint --against), giving each release's engine the OLD it asks for, and `layout`
   * places it in the repository.
   */
  lintTextAtEach(text: string, file: string, updateAt?: () => UpdateInput, layout: InputLayout = {}): TextResult[] {
    return this.lintEach(this.load(text), text, file, updateAt, layout).map(({ crdObjects: _, ...r }) => r);
  }

  /** The engine of each release (`minors[i]`'s at `i`): what a run at that release alone would lint with. */
  get releaseLinters(): readonly Linter[] {
    return this.engines;
  }

  private lintEach(
    loaded: LoadedText,
    text: string,
    file: string,
    updateAt?: () => UpdateInput,
    layout: InputLayout = {},
  ): (TextResult & { crdObjects: { document: number; object: string | null }[] })[] {
    // The first release records what each rule found without reading anything of its release; the others replay it.
    const book: ReplayBook = { crds: [] };
    return this.engines.map((e) => e.lintLoaded(loaded, text, file, updateAt?.(), layout, book));
  }

  /** The error of a CRD rejected inside the claim: the releases, the cause at the first one, the floor it should have. */
  private claimDiagnostic(
    file: string,
    crd: { document: number; object: string | null },
    claim: ReleaseClaim,
    claimed: readonly number[],
    rejected: readonly number[],
    causes: readonly (Diagnostic | undefined)[],
    firstAccepted: string | undefined,
  ): Diagnostic | null {
    const at = rejected[0]!;
    const cause = causes[this.minors.indexOf(at)]!;
    const floor = firstAccepted
      ? `; first accepted at ${firstAccepted}: the claim should start there`
      : `; no release of ${describeReleases(this.minors)} accepts it`;
    const message = `rejected at ${describeReleases(rejected)}, inside the releases ${claim.source} claims (${describeReleases(claimed)}): at ${release(at)}, ${cause.message} (${cause.rule})${floor}`;
    const range: SourceRange = {
      start: { line: cause.line, column: cause.column },
      end: { line: cause.endLine, column: cause.endColumn },
    };
    const d = this.severities.placed(file, CLAIM_RULE, message, { document: crd.document, object: crd.object, range });
    if ((d.severity as string) === "off") return null;
    return { ...d, field: cause.field, releases: rejected.map(release) };
  }
}

/** Whether a linter is a run over several releases. */
export function isRangeLinter(linter: Linter): linter is RangeLinter {
  return linter instanceof RangeLinter;
}

/**
 * The result of a run over several releases: its releases, each CRD's verdicts, and on every diagnostic the releases
 * it holds for (one found before any release was asked, a file skipped or unreadable, holds at every one).
 */
export function rangeResult(result: LintResult, linter: RangeLinter, crdReleases: readonly CrdReleases[]): LintResult {
  const all = linter.minors.map(release);
  return {
    ...result,
    diagnostics: result.diagnostics.map((d) => (d.releases ? d : { ...d, releases: all })),
    kubernetesVersion: formatReleases(linter.minors),
    releases: all,
    crdReleases: [...crdReleases],
  };
}

/**
 * A run over several releases made of each release's result (validate: a run per release; diff: one run whose engines
 * each give their release's result, as a run at it alone would): the diagnostics alike at several releases merged,
 * each naming its releases, counted once; the counts of the inputs are the newest release's (they do not depend on
 * the release).
 */
export function mergeReleaseRuns(runs: readonly LintResult[], minors: readonly number[]): LintResult {
  const merged = new Map<string, { d: Diagnostic; minors: number[] }>();
  runs.forEach((r, i) => {
    for (const d of r.diagnostics) {
      const key = JSON.stringify(d);
      const m = merged.get(key);
      if (m) m.minors.push(minors[i]!);
      else merged.set(key, { d, minors: [minors[i]!] });
    }
  });
  const newest = runs[runs.length - 1]!;
  const { errors: _e, warnings: _w, infos: _i, hidden: _h, ...counts } = newest.summary;
  const result = runResult(
    [...merged.values()].map(({ d, minors: m }) => ({ ...d, releases: m.map(release) })),
    counts,
    formatReleases(minors),
    newest.files,
  );
  return {
    ...result,
    ...(newest.bundles ? { bundles: newest.bundles } : {}),
    releases: minors.map(release),
  };
}

/**
 * Runs `run` once per release when `options.kubernetesVersion` names several (a range, `supported`) and merges the
 * results (mergeReleaseRuns); else once, as asked. Standard input is read once whatever the number of runs.
 */
export async function overReleases<O extends { kubernetesVersion?: string; stdin?: StdinReader }>(
  options: O,
  run: (options: O, newest: boolean) => Promise<LintResult>,
): Promise<LintResult> {
  const spec = options.kubernetesVersion === undefined ? undefined : parseReleaseSpec(options.kubernetesVersion);
  if (!spec?.ok || !spec.value.range) return run(options, true);
  const { minors } = spec.value;
  const stdin = options.stdin;
  let read: ReturnType<StdinReader> | undefined;
  const once: StdinReader | undefined = stdin && ((limit) => (read ??= stdin(limit)));
  const runs: LintResult[] = [];
  for (const minor of minors)
    runs.push(
      await run(
        { ...options, kubernetesVersion: release(minor), ...(once ? { stdin: once } : {}) },
        minor === minors[minors.length - 1],
      ),
    );
  return mergeReleaseRuns(runs, minors);
}
