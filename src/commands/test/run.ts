/**
 * One `crdlint test` run as named steps: find the suite files, read each (openshift/api's format or the native one)
 * into suite runs, check that the apiserver installs each CRD at the release, run every case as its harness runs it
 * (create; or create, status, CRD patch and restore, update, status update), compare what the apiserver answers with
 * what the case expects, and for a failing case find the releases at which it would pass.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { loadText, type LoadedDocument } from "../../load/document.js";
import { expandInputs } from "../../load/files.js";
import { deepCopy, hasOwn, isPlainObject } from "../../k8s/go.js";
import { isCrd, type JsonObject } from "../../crd/model.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, enabledByDefault, knownReleases } from "../../k8s/releases.js";
import { SchemaValidatorCache } from "../../values/value.js";
import { ReleaseResultShare, type ShareTrace } from "../../values/resource.js";
import { CoverageCollector, type LocateCheck } from "../../values/coverage.js";
import { allRules } from "../../rules/index.js";
import { makeLinter } from "../../engine/files.js";
import { createReleaseShared, type ReleaseShared } from "../../engine/services.js";
import { UsageError } from "../../engine/options.js";
import type { Linter, ReplayBook } from "../../engine/lint.js";
import {
  createSharedCelStages,
  loadCelStages,
  type CelStages,
  type SharedCelStages,
} from "../../engine/validate-cel.js";
import { apiserverLine } from "../../report/types.js";
import type {
  CaseFailure,
  CaseReleaseResult,
  CaseResult,
  CaseStatus,
  SuiteProblem,
  TestRunResult,
  TestStep,
} from "../../diagnostics/test-result.js";
import { describeReleases, formatReleases } from "../../k8s/version.js";
import { celStageAt, fieldErrorText, TestApiserver, type Answer, type ApiserverContext } from "./apiserver.js";
import { comparable, objectYaml, sameValue, unifiedDiff } from "./compare.js";
import { isOpenshiftSuite, openshiftReadContext, readOpenshiftSuite } from "./openshift.js";
import { isNativeSuite, readNativeSuite, type NamedCrds } from "./native.js";
import { applyPatches } from "./patch.js";
import { TODO, type CaseObject, type ExpectedError, type SuiteCase, type SuiteRun } from "./suite.js";
import type { TestOptions } from "./index.js";

/** A release's apiserver: its CEL stages, compiled validators, and the verdict on each CRD installed. */
interface Release {
  minor: number;
  linter: Linter;
  cel: CelStages;
  contexts: Map<string, ApiserverContext>;
  verdicts: WeakMap<object, string | null>;
}

/** What running a case found, before it becomes a result. */
interface CaseOutcome {
  failure?: CaseFailure;
  errored?: boolean;
  warnings: string[];
  /** The last main request's error (create, or the update), and the object read back: what --update writes. */
  lastError?: string | null;
  readBack?: JsonObject | null;
}

/** A case's outcome at a release, with the CRD verdict it met and the trace of its requests (ReleaseResultShare). */
interface TracedOutcome {
  verdict: string | null;
  trace: ShareTrace;
  outcome: CaseOutcome;
}

/** A TODO to fill, found by running the case. */
interface Fill {
  file: string;
  path: (string | number)[];
  key: "expected" | "expectedError";
  value: unknown;
  harness: SuiteRun["harness"];
}

export class TestRun {
  private readonly cwd: string;
  private readonly releases = new Map<number, Release>();
  /**
   * The run's compiled schema validators, for every release and field validation: a compiled node is filed under what
   * it holds of its release, and its compiled patterns (RE2, whose matcher builds its states as it matches) are shared.
   */
  private readonly schemaValidators = new SchemaValidatorCache();
  /** The releases' CEL compilations, each shared with the releases whose environments answer its reads alike. */
  private readonly celShare: SharedCelStages = createSharedCelStages();
  /**
   * Over several releases, the requests' results, each shared with the releases that answer what it asked alike; at
   * one release, between the other releases a failing case is tried at (its release hints).
   */
  private readonly shared: ReleaseResultShare | undefined;
  /** What the linters of those releases share (the CRD verdicts are a lint at each release). */
  private readonly lintShared: ReleaseShared | undefined;
  /** Each case's patched CRD, by suite run and case (see patchedCrd). */
  private readonly patched = new WeakMap<SuiteRun, WeakMap<SuiteCase, JsonObject | string>>();
  private readonly restored = new WeakMap<SuiteRun, JsonObject>();
  private readonly problems: SuiteProblem[] = [];
  private readonly results: CaseResult[] = [];
  private readonly fills: Fill[] = [];
  private readonly documents = new Map<string, { text: string; doc: LoadedDocument }>();
  /** What the cases exercised (--coverage), at the run's release only. */
  private readonly coverage: CoverageCollector | null;
  /** Each CRD file's text as loaded, to place coverage items (by installed CRD: its file and text). */
  private readonly crdSources = new WeakMap<object, { file: string; text: string }>();
  /** Failing cases, for their release hints once every suite has run. */
  private readonly failing: { result: CaseResult; run: SuiteRun; c: SuiteCase }[] = [];
  /** The newest release of the run: coverage and onRequest are its (the only one at a single release). */
  private readonly minor: number;

  /** `minors`: the run's releases, oldest first; `range`: asked as a range (each case's result per release). */
  constructor(
    private readonly options: TestOptions,
    private readonly minors: readonly number[],
    private readonly range = false,
  ) {
    this.minor = minors[minors.length - 1]!;
    this.cwd = options.cwd ?? process.cwd();
    this.coverage = options.coverage ? new CoverageCollector() : null;
    const sharing = minors.length > 1 || (!range && options.releaseHints !== false);
    this.shared = sharing ? new ReleaseResultShare() : undefined;
    this.lintShared = sharing ? createReleaseShared() : undefined;
  }

  /** Where a check is written in the CRD file the suite names (its line), when the file's text is known. */
  private locator(crd: JsonObject, version: string): LocateCheck | undefined {
    const source = this.crdSources.get(crd);
    if (!source) return undefined;
    let doc: LoadedDocument | undefined;
    let index = -1;
    return (c) => {
      if (!doc) {
        doc = loadText(source.text).documents.find((d) => isCrd(d.value));
        const spec = doc && isPlainObject(doc.value) && isPlainObject(doc.value.spec) ? doc.value.spec : {};
        const versions: unknown[] = Array.isArray(spec.versions) ? spec.versions : [];
        index = versions.findIndex((v) => isPlainObject(v) && v.name === version);
      }
      if (!doc || index < 0) return { file: source.file };
      const path = ["spec", "versions", index, "schema", "openAPIV3Schema", ...c.schemaPath];
      const rule = /^rule\[(\d+)\]$/.exec(c.check);
      if (rule) path.push("x-kubernetes-validations", Number(rule[1]));
      return { file: source.file, line: doc.locate(path).start.line };
    };
  }

  async run(paths: readonly string[]): Promise<TestRunResult> {
    const started = performance.now();
    const files = await this.discover(paths.length > 0 ? paths : ["."]);
    const named = await this.namedCrds();
    const suites = await this.readSuites(files, named);
    // The suites are read once; each release's apiserver answers every case.
    const releases: Release[] = [];
    for (const minor of this.minors) releases.push(await this.release(minor));
    for (const run of suites) {
      if (this.coverage)
        this.crdSources.set(run.crd, { file: run.crdFile, text: run.crdText ?? (await this.crdText(run)) });
      if (this.range) this.runSuiteOverReleases(run, releases);
      else this.runSuite(run, releases[0]!);
    }
    // Over a range, each case already says at which of its releases it passes.
    if (!this.range) await this.releaseHints();
    if (this.options.update) await this.writeFills();
    const summary = { passed: 0, failed: 0, errored: 0, durationMs: Math.round(performance.now() - started) };
    for (const r of this.results) summary[r.status]++;
    return {
      kubernetesVersion: this.range ? formatReleases(this.minors) : `1.${this.minor}`,
      suites: files.length,
      cases: this.results,
      problems: this.problems,
      summary,
      ...(this.coverage ? { coverage: this.coverage.report() } : {}),
      ...(this.range ? this.releaseSummaries() : {}),
    };
  }

  /** Over a range: the run's releases, and at each how many cases pass, fail and err. */
  private releaseSummaries(): Pick<TestRunResult, "releases" | "summaryByRelease"> {
    const releases = this.minors.map((m) => `1.${m}`);
    const summaryByRelease: NonNullable<TestRunResult["summaryByRelease"]> = {};
    for (const r of releases) summaryByRelease[r] = { passed: 0, failed: 0, errored: 0 };
    for (const c of this.results)
      for (const g of c.byRelease ?? []) for (const r of g.releases) summaryByRelease[r]![g.status]++;
    return { releases, summaryByRelease };
  }

  /**
   * Step 3 over a range: every case of a suite run at each release, one result per case: its result at each
   * release merged where they agree, its status the worst of them.
   */
  private runSuiteOverReleases(run: SuiteRun, releases: readonly Release[]): void {
    if (run.cases.length > 0) this.crdVerdicts(releases, run);
    for (const c of run.cases) {
      const started = performance.now();
      const byRelease: CaseReleaseResult[] = [];
      // Each group by its result's text (made once per group, not once per group and release).
      const groups = new Map<string, CaseReleaseResult>();
      const traced: TracedOutcome[] = [];
      releases.forEach((release) => {
        const outcome = this.caseAt(run, c, release, traced);
        const at: Omit<CaseReleaseResult, "releases"> = {
          status: outcome.errored ? "errored" : outcome.failure ? "failed" : "passed",
          ...(outcome.failure ? { failure: outcome.failure } : {}),
          warnings: [...new Set(outcome.warnings)],
        };
        const key = JSON.stringify(at);
        const same = groups.get(key);
        if (same) same.releases.push(`1.${release.minor}`);
        else {
          const group = { releases: [`1.${release.minor}`], ...at };
          groups.set(key, group);
          byRelease.push(group);
        }
      });
      // Every release has run the case: its requests' results are not asked for again.
      this.shared?.forget();
      const status = WORST.find((s) => byRelease.some((g) => g.status === s))!;
      const failure = byRelease.find((g) => g.failure)?.failure;
      const result: CaseResult = {
        ...caseResult(
          run,
          c,
          status,
          byRelease.flatMap((g) => g.warnings),
          started,
        ),
        byRelease,
      };
      if (failure) result.failure = failure;
      this.results.push(result);
    }
  }

  /** Step 1: suite files. A file named is read whatever its name; a directory gives its suites by name. */
  private async discover(paths: readonly string[]): Promise<string[]> {
    const out: string[] = [];
    const missing: string[] = [];
    for (const p of paths) {
      const abs = resolve(this.cwd, p);
      let st;
      try {
        st = await stat(abs);
      } catch {
        missing.push(p);
        continue;
      }
      if (st.isDirectory()) for (const f of newestLayout(await suiteFilesUnder(abs))) out.push(relative(this.cwd, f));
      else out.push(relative(this.cwd, abs));
    }
    if (missing.length > 0) throw new UsageError(missing.map((p) => `${p}: no such file or directory`).join("\n"));
    return [...new Set(out)];
  }

  /** The CRDs of --crd inputs, by name, for native suites that name theirs. */
  private async namedCrds(): Promise<NamedCrds> {
    const named: NamedCrds = new Map();
    if (!this.options.crds?.length) return named;
    // Read as validate reads its --crd inputs: files, directories (recursive) and globs.
    const expanded = await expandInputs(this.options.crds, { cwd: this.cwd });
    if (expanded.errors.length > 0) throw new UsageError(expanded.errors.map((e) => `--crd: ${e}`).join("\n"));
    for (const f of expanded.files) {
      const text = await readFile(resolve(this.cwd, f), "utf8");
      for (const d of loadText(text).documents)
        if (isCrd(d.value)) {
          const meta = isPlainObject(d.value.metadata) ? d.value.metadata : {};
          if (typeof meta.name === "string") named.set(meta.name, { file: f, crd: d.value });
        }
    }
    return named;
  }

  /** Step 2: each file read as a suite of its format; what cannot run is a problem of the run. */
  private async readSuites(files: readonly string[], named: NamedCrds): Promise<SuiteRun[]> {
    const ctx = openshiftReadContext(this.cwd);
    const runs: SuiteRun[] = [];
    for (const file of files) {
      let text: string;
      try {
        text = await readFile(resolve(this.cwd, file), "utf8");
      } catch (e) {
        this.problems.push({ file, line: 1, column: 1, message: `cannot read the file: ${(e as Error).message}` });
        continue;
      }
      const loaded = loadText(text);
      const syntax = loaded.problems.find((p) => p.rule !== "yaml-duplicate-key");
      if (syntax) {
        const { line, column } = syntax.range.start;
        this.problems.push({ file, line, column, message: syntax.message });
        continue;
      }
      const doc = loaded.documents[0];
      if (!doc) {
        this.problems.push({ file, line: 1, column: 1, message: "the file is empty" });
        continue;
      }
      this.documents.set(file, { text, doc });
      const read = isOpenshiftSuite(doc.value)
        ? await readOpenshiftSuite(file, doc, ctx)
        : isNativeSuite(doc.value)
          ? await readNativeSuite(file, doc, this.cwd, named)
          : {
              problem: {
                file,
                line: 1,
                column: 1,
                message:
                  "not a test suite: expected openshift/api's format (crdName, tests.onCreate/onUpdate) or crdlint's (crd, tests: [...]); see docs/testing.md",
              },
            };
      if ("problem" in read) this.problems.push(read.problem);
      else runs.push(...read.runs);
    }
    return runs;
  }

  /** The text of a suite's CRD file (for coverage lines). */
  private async crdText(run: SuiteRun): Promise<string> {
    try {
      return await readFile(resolve(this.cwd, run.crdFile), "utf8");
    } catch {
      return "";
    }
  }

  /**
   * Whether a release shares its results and lint with the others: every release of a run over several; at one
   * release, those its failing cases are tried at (not the run's own: its cases would pay for a share none uses).
   */
  private sharing(minor: number): boolean {
    return this.minors.length > 1 || minor !== this.minor;
  }

  /** A release's apiserver, made on first use. */
  private async release(minor: number): Promise<Release> {
    const known = this.releases.get(minor);
    if (known) return known;
    const r: Release = {
      minor,
      linter: await makeLinter(
        allRules,
        { kubernetesVersion: `1.${minor}` },
        undefined,
        false,
        this.sharing(minor) ? this.lintShared : undefined,
      ),
      cel: await loadCelStages(minor, this.celShare),
      contexts: new Map(),
      verdicts: new WeakMap(),
    };
    this.releases.set(minor, r);
    return r;
  }

  private contextFor(release: Release, run: SuiteRun): ApiserverContext {
    let ctx = release.contexts.get(run.fieldValidation);
    if (!ctx) {
      ctx = {
        minor: release.minor,
        fieldValidation: run.fieldValidation,
        cel: release.cel,
        schemaValidators: this.schemaValidators,
        validators: new WeakMap(),
        ...(this.shared && this.sharing(release.minor) ? { releases: this.shared } : {}),
        ...(this.options.onRequest && release.minor === this.minor ? { onRequest: this.options.onRequest } : {}),
        ...(this.coverage && release.minor === this.minor
          ? { coverage: { collector: this.coverage, locate: (crd, version) => this.locator(crd, version) } }
          : {}),
      };
      release.contexts.set(run.fieldValidation, ctx);
    }
    return ctx;
  }

  /** The apiserver's first error creating the CRD at the release (envtest installs it before the cases), or null. */
  private crdVerdict(release: Release, run: SuiteRun): string | null {
    const known = release.verdicts.get(run.crd);
    if (known !== undefined) return known;
    const r = release.linter.lintText(run.crdText ?? JSON.stringify(run.crd, null, 2), run.crdFile);
    const first = r.diagnostics.find((d) => d.apiserver && d.severity === "error" && d.document === 0);
    const verdict = first ? apiserverLine(first) : null;
    release.verdicts.set(run.crd, verdict);
    return verdict;
  }

  /**
   * Over a range, the verdict on a suite run's CRD at every release at once: the text loaded once, and what each
   * rule finds without reading its release found at the oldest release and replayed at the others (as a lint over
   * releases does, src/engine/range.ts): each release's answer is a lint's at that release.
   */
  private crdVerdicts(releases: readonly Release[], run: SuiteRun): void {
    if (releases.every((r) => r.verdicts.has(run.crd))) return;
    const text = run.crdText ?? JSON.stringify(run.crd, null, 2);
    const loaded = releases[0]!.linter.load(text);
    const book: ReplayBook = { crds: [] };
    for (const release of releases) {
      const r = release.linter.lintLoaded(loaded, text, run.crdFile, undefined, {}, book);
      const first = r.diagnostics.find((d) => d.apiserver && d.severity === "error" && d.document === 0);
      release.verdicts.set(run.crd, first ? apiserverLine(first) : null);
    }
  }

  /** Step 3: every case of a suite run, in order. */
  private runSuite(run: SuiteRun, release: Release): void {
    for (const c of run.cases) {
      const started = performance.now();
      const outcome = this.runCase(run, c, release);
      // A case whose every TODO --update fills holds by construction: what failed was the placeholder.
      if (this.collectFills(run, c, outcome)) {
        delete outcome.failure;
        delete outcome.errored;
      }
      const result: CaseResult = caseResult(
        run,
        c,
        outcome.errored ? "errored" : outcome.failure ? "failed" : "passed",
        outcome.warnings,
        started,
      );
      if (outcome.failure) result.failure = outcome.failure;
      if (result.status === "failed") this.failing.push({ result, run, c });
      this.results.push(result);
    }
  }

  /**
   * Step 4: for each failing case, the other releases (those with CEL, as the harnesses need) at which it passes,
   * condensed ("1.25–1.30, 1.33"): an expectation written against another release's error text says so.
   */
  private async releaseHints(): Promise<void> {
    if (this.options.releaseHints === false || this.failing.length === 0) return;
    const others: Release[] = [];
    for (const minor of knownReleases())
      if (minor !== this.minor && enabledByDefault(CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, minor))
        others.push(await this.release(minor));
    for (const { result, run, c } of this.failing) {
      // As over a range: the CRD's verdicts at once, and each request's result shared between the releases.
      this.crdVerdicts(others, run);
      const traced: TracedOutcome[] = [];
      const passing = others.filter((r) => !this.caseAt(run, c, r, traced).failure).map((r) => r.minor);
      this.shared?.forget();
      if (passing.length > 0) result.failure!.passesAt = describeReleases(passing);
    }
  }

  /**
   * One case at one of several releases: the outcome of an earlier release (`traced`, the case's runs so far) where
   * it holds here, else the case run and traced. It holds when the CRD's verdict is the same and every request of
   * that run would be answered alike here (ShareTrace): the case sends its requests from its definition and the
   * answers alone, so it sends the same ones and ends the same way. A release whose requests a caller observes
   * (onRequest, --coverage) runs every case.
   */
  private caseAt(run: SuiteRun, c: SuiteCase, release: Release, traced: TracedOutcome[]): CaseOutcome {
    const share = this.shared;
    const ctx = this.contextFor(release, run);
    if (!share || !ctx.releases || ctx.onRequest || ctx.coverage) return this.runCase(run, c, release);
    const verdict = this.crdVerdict(release, run);
    for (const t of traced)
      if (t.verdict === verdict && share.traceHolds(t.trace, release.minor, (schema) => celStageAt(ctx, schema)))
        return t.outcome;
    share.startTrace();
    let outcome: CaseOutcome;
    let trace: ShareTrace;
    try {
      outcome = this.runCase(run, c, release);
    } finally {
      trace = share.endTrace();
    }
    if (trace.complete) traced.push({ verdict, trace, outcome });
    return outcome;
  }

  /** One case against a fresh apiserver with the suite's CRD installed. */
  private runCase(run: SuiteRun, c: SuiteCase, release: Release): CaseOutcome {
    const warnings: string[] = [];
    const fail = (step: TestStep, message: string, extra: Partial<CaseFailure> = {}): CaseOutcome => ({
      failure: { message, step, ...extra },
      warnings,
    });
    const errored = (step: TestStep, message: string): CaseOutcome => ({
      failure: { message, step },
      errored: true,
      warnings,
    });
    const verdict = this.crdVerdict(release, run);
    if (verdict !== null) return errored("install CRD", `the apiserver rejects the CRD ${run.crdFile}: ${verdict}`);
    const initial = objectOf(c.initial);
    if (typeof initial === "string") return errored("create", initial);
    const sent = this.requestObject(run, initial);
    const api = new TestApiserver(this.contextFor(release, run), run.crd);
    // Every answer's warnings are the case's (the client prints them all).
    const heard = (a: Answer): Answer => {
      warnings.push(...a.warnings);
      return a;
    };

    if (c.operation === "create") {
      const a = heard(api.create(sent));
      const failure = this.checkError("create", a, c.expectedError);
      if (c.expectedError) return { ...failure, warnings, lastError: a.error };
      if (a.error !== null)
        return { ...fail("create", "the create fails", { actualError: a.error }), lastError: a.error };
      return { ...this.checkRead(run, c, api, warnings), lastError: null };
    }

    // Updates: the initial object created (under the patched CRD, when the case patches it), its status set.
    let patchedStatusObject: JsonObject = sent;
    if (c.crdPatches) {
      const patched = this.patchedCrd(run, c, c.crdPatches);
      if (typeof patched === "string") return errored("patch CRD", `could not load patched crd: ${patched}`);
      api.replaceCrd(patched, true);
      patchedStatusObject = { ...sent, sentinel: "+patched" };
    }
    const created = heard(api.create(patchedStatusObject));
    if (created.error !== null)
      return fail("create", "initial object should create successfully", { actualError: created.error });
    let current = created.object!;
    if (hasOwn(initial, "status") && !(run.harness === "native" && !api.hasStatusSubresource(sent))) {
      const s = heard(api.updateStatus({ ...current, status: initial.status }));
      if (s.error !== null)
        return fail("initial status update", "initial object status should update successfully", {
          actualError: s.error,
        });
      current = s.object!;
    }
    if (c.crdPatches) {
      api.replaceCrd(this.restoredCrd(run), true);
      const restored = heard(api.update({ ...current, sentinel: "+restored" }));
      if (restored.error !== null)
        return fail(
          "restore CRD",
          "Sentinel should be persisted: the stored object does not update under the real CRD",
          {
            actualError: restored.error,
          },
        );
      api.replaceCrd(run.crd, false);
    }
    const got = api.get()!;
    const updatedValue = objectOf(c.updated!);
    if (typeof updatedValue === "string") return errored("update", updatedValue);
    const updated = this.requestObject(run, updatedValue);
    const meta = updated.metadata as Record<string, unknown>;
    const gotMeta = (got.metadata ?? {}) as Record<string, unknown>;
    if (typeof gotMeta.name === "string") meta.name = gotMeta.name;
    if (typeof gotMeta.namespace === "string" && gotMeta.namespace !== "") meta.namespace = gotMeta.namespace;
    else delete meta.namespace;
    if (gotMeta.resourceVersion !== undefined) meta.resourceVersion = gotMeta.resourceVersion;

    if (c.operation === "status") {
      const a = heard(api.updateStatus(updated));
      const failure = this.checkError("status update", a, c.expectedError);
      if (c.expectedError) return { ...failure, warnings, lastError: a.error };
      if (a.error !== null)
        return { ...fail("status update", "the status update fails", { actualError: a.error }), lastError: a.error };
      return { ...this.checkRead(run, c, api, warnings), lastError: null };
    }
    const a = heard(api.update(updated));
    const failure = this.checkError("update", a, c.expectedError);
    if (c.expectedError) return { ...failure, warnings, lastError: a.error };
    if (a.error !== null)
      return { ...fail("update", "unexpected error updating spec", { actualError: a.error }), lastError: a.error };
    if (hasOwn(updatedValue, "status") && run.harness === "openshift") {
      const s = heard(api.updateStatus({ ...a.object!, status: updatedValue.status }));
      if (c.expectedStatusError !== undefined) {
        const f = this.checkError("status update", s, [{ contains: c.expectedStatusError }]);
        return { ...(f ?? {}), warnings, lastError: null };
      }
      if (s.error !== null) return fail("status update", "unexpected error updating status", { actualError: s.error });
    }
    return { ...this.checkRead(run, c, api, warnings), lastError: null };
  }

  /** The object as the harness sends it: openshift/api's client names it test-… in default. */
  /**
   * A case's CRD after its initialCRDPatches (or why they do not apply), made once for every release: the releases
   * share its compiled rules as they share the suite's CRD's.
   */
  private patchedCrd(run: SuiteRun, c: SuiteCase, patches: NonNullable<SuiteCase["crdPatches"]>): JsonObject | string {
    let ofRun = this.patched.get(run);
    if (!ofRun) this.patched.set(run, (ofRun = new WeakMap<SuiteCase, JsonObject | string>()));
    let crd = ofRun.get(c);
    if (crd === undefined) {
      const patched = applyPatches(run.crdFromFile, patches);
      crd = typeof patched === "string" ? patched : withSentinel({ ...run.crd, spec: patched.spec }, "+patched");
      ofRun.set(c, crd);
    }
    return crd;
  }

  /** The suite's CRD with the restoring sentinel, made once for every case and release of the run. */
  private restoredCrd(run: SuiteRun): JsonObject {
    let crd = this.restored.get(run);
    if (!crd) this.restored.set(run, (crd = withSentinel(run.crd, "+restored")));
    return crd;
  }

  private requestObject(run: SuiteRun, value: JsonObject): JsonObject {
    const obj = deepCopy(value);
    const meta = isPlainObject(obj.metadata) ? obj.metadata : {};
    obj.metadata = meta;
    if (run.harness === "openshift") {
      meta.generateName = "test-";
      meta.namespace = "default";
    }
    return obj;
  }

  /**
   * With an expected error: undefined when the answer matches it; the failure otherwise. Without one: undefined (the
   * caller decides what an error means there).
   */
  private checkError(step: TestStep, a: Answer, expected: ExpectedError[] | undefined): CaseOutcome | undefined {
    if (!expected) return undefined;
    const shown = expected.map((e) => ("contains" in e ? e.contains : describeFieldError(e))).join("\n");
    if (a.error === null)
      return {
        failure: {
          message: "the request succeeds, an error was expected",
          step,
          expectedError: shown,
          actualError: null,
        },
        warnings: [],
      };
    const missing = expected.filter((e) =>
      "contains" in e
        ? !a.error!.includes(e.contains)
        : !a.causes.some(
            (f) =>
              (f.field ?? "<nil>") === e.field &&
              (e.type === undefined || f.type === e.type) &&
              (e.message === undefined || fieldErrorText(f).includes(e.message)),
          ),
    );
    if (missing.length === 0) return undefined;
    return {
      failure: {
        message: expected.every((e) => "contains" in e)
          ? "the error does not contain the expected text"
          : "the errors returned do not include every expected one",
        step,
        expectedError: shown,
        actualError: a.error,
      },
      warnings: [],
    };
  }

  /** The end of a successful case: warnings expected, then the object read back against `expected`. */
  private checkRead(run: SuiteRun, c: SuiteCase, api: TestApiserver, warnings: string[]): CaseOutcome {
    const got = api.get();
    for (const w of c.expectedWarnings ?? [])
      if (!warnings.some((x) => x.includes(w)))
        return {
          failure: {
            message: `no warning contains ${JSON.stringify(w)}${warnings.length ? `; the warnings: ${warnings.join("; ")}` : "; there is no warning"}`,
            step: "read back",
          },
          warnings,
          readBack: got,
        };
    if (!c.expected || !got) return { warnings, readBack: got };
    const expectedValue = objectOf(c.expected);
    if (typeof expectedValue === "string")
      return { failure: { message: expectedValue, step: "read back" }, errored: true, warnings };
    let expected = comparable(this.expectedObject(run, expectedValue, got));
    let actual =
      run.harness === "native" && !hasOwn(expectedValue, "metadata") ? withoutMetadata(got) : comparable(got);
    // Harnesses copied from openshift/api that compare spec and status only (--compare spec-status).
    if (this.options.compare === "spec-status") {
      expected = specAndStatus(expected);
      actual = specAndStatus(actual);
    }
    if (sameValue(expected, actual)) return { warnings, readBack: got };
    const expectedText = objectYaml(expected);
    const actualText = objectYaml(actual);
    return {
      failure: {
        message: "the object read back is not the expected object",
        step: "read back",
        expectedObject: expectedText,
        actualObject: actualText,
        objectDiff: unifiedDiff(expectedText, actualText),
      },
      warnings,
      readBack: got,
    };
  }

  /** `expected` as the harness completes it: the stored name and namespace (native: its type and metadata too). */
  private expectedObject(run: SuiteRun, value: JsonObject, got: JsonObject): JsonObject {
    const e = deepCopy(value);
    if (run.harness === "native") {
      if (e.apiVersion === undefined) e.apiVersion = got.apiVersion;
      if (e.kind === undefined) e.kind = got.kind;
      if (!hasOwn(e, "metadata")) return e;
    }
    const meta = isPlainObject(e.metadata) ? e.metadata : {};
    e.metadata = meta;
    if (run.harness === "openshift") {
      meta.generateName = "test-";
      meta.namespace = "default";
    }
    const gotMeta = isPlainObject(got.metadata) ? got.metadata : {};
    if (typeof gotMeta.name === "string" && gotMeta.name !== "") meta.name = gotMeta.name;
    else delete meta.name;
    if (typeof gotMeta.namespace === "string" && gotMeta.namespace !== "") meta.namespace = gotMeta.namespace;
    else delete meta.namespace;
    return e;
  }

  /** The TODOs a case's run answers, for --update. */
  private collectFills(run: SuiteRun, c: SuiteCase, o: CaseOutcome): boolean {
    if (!this.options.update || c.todos.length === 0) return false;
    let filled = 0;
    for (const t of c.todos) {
      let value: unknown;
      if (t.key === "expectedError" && typeof o.lastError === "string") value = errorToExpect(o.lastError);
      else if (t.key === "expected" && o.lastError === null && o.readBack) value = expectedToWrite(run, o.readBack);
      else continue;
      this.fills.push({ file: run.file, path: t.path, key: t.key, value, harness: run.harness });
      filled++;
    }
    return filled === c.todos.length;
  }

  /** --update: each TODO replaced in its file by the apiserver's answer (an openshift/api suite's once, from its first CRD). */
  private async writeFills(): Promise<void> {
    const byFile = new Map<string, Fill[]>();
    const seen = new Set<string>();
    for (const f of this.fills) {
      const key = `${f.file}\0${f.path.join("\0")}`;
      if (seen.has(key)) continue;
      seen.add(key);
      byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
    }
    for (const [file, fills] of byFile) {
      const { text, doc } = this.documents.get(file)!;
      const edits = fills.map((f) => ({ ...renderFill(text, doc, f) }));
      edits.sort((a, b) => b.start - a.start);
      let out = text;
      for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
      await writeFile(resolve(this.cwd, file), out);
    }
  }
}

function objectOf(o: CaseObject): JsonObject | string {
  return "problem" in o ? o.problem : o.value;
}

/** The CRD with openshift/api's sentinel property in its first version's schema (the harness checks its CRD updates took). */
function withSentinel(crd: JsonObject, value: string): JsonObject {
  const out = deepCopy(crd);
  const spec = out.spec as Record<string, unknown>;
  const first: unknown = Array.isArray(spec.versions) ? spec.versions[0] : undefined;
  const schema =
    isPlainObject(first) && isPlainObject(first.schema) && isPlainObject(first.schema.openAPIV3Schema)
      ? first.schema.openAPIV3Schema
      : null;
  if (schema) {
    const props = isPlainObject(schema.properties) ? schema.properties : {};
    props.sentinel = { type: "string", enum: [value] };
    schema.properties = props;
  }
  return out;
}

function specAndStatus(o: JsonObject): JsonObject {
  const out: JsonObject = {};
  if (hasOwn(o, "spec")) out.spec = o.spec;
  if (hasOwn(o, "status")) out.status = o.status;
  return out;
}

function withoutMetadata(o: JsonObject): JsonObject {
  const { metadata, ...rest } = o;
  void metadata;
  return rest;
}

function describeFieldError(e: { field: string; type?: string; message?: string }): string {
  return [e.field, e.type, e.message].filter((x) => x !== undefined).join(": ");
}

/** The error text a suite expects: the field errors, without the kind and the generated name before them. */
function errorToExpect(error: string): string {
  const m = / is invalid: /.exec(error);
  return m ? error.slice(m.index + m[0].length) : error;
}

function expectedToWrite(run: SuiteRun, got: JsonObject): JsonObject {
  const c = comparable(got);
  const meta = isPlainObject(c.metadata) ? { ...c.metadata } : {};
  delete meta.name;
  delete meta.namespace;
  if (run.harness === "native") {
    const { apiVersion, kind, metadata, ...rest } = c;
    void apiVersion;
    void kind;
    void metadata;
    return Object.keys(meta).length > 0 ? { metadata: meta, ...rest } : rest;
  }
  const { metadata, ...rest } = c;
  void metadata;
  return Object.keys(meta).length > 0 ? { ...rest, metadata: meta } : rest;
}

/** The text replacing a TODO scalar: a quoted string, a literal block (an openshift/api object is a YAML text), or a mapping. */
function renderFill(text: string, doc: LoadedDocument, f: Fill): { start: number; end: number; text: string } {
  const range = doc.locate(f.path);
  const offset = (line: number, column: number) => {
    let o = 0;
    for (let l = 1; l < line; l++) o = text.indexOf("\n", o) + 1;
    return o + column - 1;
  };
  // The located range may be the key's: the placeholder is the first TODO from there on.
  const start = text.indexOf(TODO, offset(range.start.line, range.start.column));
  const end = start + TODO.length;
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const indent = " ".repeat(
    /^ */.exec(text.slice(lineStart))![0].length + (/^\s*- /.test(text.slice(lineStart)) ? 4 : 2),
  );
  if (f.key === "expectedError") return { start, end, text: JSON.stringify(f.value) };
  const yaml = objectYaml(f.value).replace(/\n$/, "");
  const body = yaml
    .split("\n")
    .map((l) => indent + l)
    .join("\n");
  return { start, end, text: f.harness === "openshift" ? `|\n${body}` : `\n${body}` };
}

/** A case over several releases is as bad as its worst release. */
const WORST: readonly CaseStatus[] = ["errored", "failed", "passed"];

/** A case's result: where it is, its status and distinct warnings, and how long it took since `started`. */
function caseResult(
  run: SuiteRun,
  c: SuiteCase,
  status: CaseStatus,
  warnings: readonly string[],
  started: number,
): CaseResult {
  return {
    file: run.file,
    line: c.line,
    column: c.column,
    suite: run.suite,
    name: c.name,
    crdFile: run.crdFile,
    operation: c.operation,
    status,
    warnings: [...new Set(warnings)],
    durationMs: Math.round((performance.now() - started) * 100) / 100,
  };
}

const SKIPPED_DIRECTORIES = new Set([".git", "node_modules"]);

/** Suite files under a directory: openshift/api's (`…/tests/<dir>/<file>.yaml`, `*.testsuite.yaml`) and `*.crdtest.yaml`. */
async function suiteFilesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(e.name)) out.push(...(await suiteFilesUnder(p)));
    } else if (
      /\.crdtest\.ya?ml$/.test(e.name) ||
      e.name.endsWith(".testsuite.yaml") ||
      (e.name.endsWith(".yaml") && basename(join(dir, "..")) === "tests")
    )
      out.push(p);
  }
  return out;
}

const inTestsDirectory = (f: string): boolean => basename(dirname(dirname(f))) === "tests";

/**
 * openshift/api moved its suites from `*.testsuite.yaml` beside the types to `tests/<crd name>/<file>.yaml`; its
 * harness reads only the newer layout, and files of the older one left behind are not run (nor kept up to date). A
 * directory with suites of the newer layout is read as that harness reads it; an older checkout, by its own layout.
 */
function newestLayout(files: string[]): string[] {
  if (!files.some(inTestsDirectory)) return files;
  return files.filter((f) => inTestsDirectory(f) || !f.endsWith(".testsuite.yaml"));
}
