/** The linter core: text in, diagnostics out. No file system, no process: the CLI and lintFiles wrap it. */
import type { ConfiguredSeverity, Diagnostic, SourceRange } from "../diagnostics/index.js";
import { loadText, type LoadedDocument } from "../load/document.js";
import { createFastLoader, type FastLoader } from "../load/fast-load.js";
import { goTemplateAction, RENDER_HINT } from "../load/template.js";
import { objectsOf } from "../load/objects.js";
import type { ApplyMethod, InputLayout } from "../load/layout.js";
import { buildCrdView, isCrd, isObject, type CrdView, type SchemaScope } from "../crd/model.js";
import { schemaNodes, type SchemaNode } from "../crd/schema.js";
import {
  defineEngineRule,
  reportMessage,
  type EngineServices,
  type Preset,
  type Phase,
  type Report,
  type RevisionReport,
  type Rule,
  type RuleContext,
  type SchemaContext,
} from "../rules/define-rule.js";
import {
  structuralSchemaRequired,
  type OldFindingRequirement,
  type OldFindingRules,
  type UpdateOptions,
} from "../crd/update.js";
import { renderValue } from "../k8s/validation.js";
import { DualPath, FieldPath } from "../k8s/path.js";
import { loadServices, type ReleaseShared } from "./services.js";
import { Severities } from "./sink.js";
import { StructuralState } from "../crd/structural.js";
import { Memo, type ReleaseTouch } from "../crd/memo.js";
import { ContentStore } from "../crd/content-store.js";
import { explainCost, schemaCosts, type ExpressionCost, type SchemaCosts } from "../rules/cel-cost/schema-costs.js";
import type { SuggestResult } from "../cel/index.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, enabledByDefault, inReleaseRange } from "../k8s/releases.js";
import { Suppressions, UNUSED_DIRECTIVE, type AnnotationDisable } from "./suppression.js";
import { celNodeReport, unconvertedReport } from "../rules/structural/schema-not-checked.js";
import { isCompiledNode } from "../rules/cel-compiled.js";
import type { EngineCode } from "./codes.js";
import type { YamlProblemCode } from "../load/document.js";
import { CrdUpdate, type OldCrd, type UpdateHost, type UpdateInput } from "./update.js";

export const DISABLE_ANNOTATION = "crdlint.io/disable";

export interface EngineOptions {
  /** Target Kubernetes minor (1.N). */
  minor: number;
  /** Per-rule severity overrides from configuration. */
  ruleSeverity?: Record<string, ConfiguredSeverity>;
  /** The rule set whose rules are on unless `ruleSeverity` says otherwise (default: recommended). */
  preset?: Preset;
  /** The cost API: receives every schema's CEL cost estimate (or why there is none), for `crdlint cost`. */
  onSchemaCost?: (result: SchemaCostResult) => void;
  /**
   * Stop where the apiserver stops (its first answer only). Otherwise (the default) the checks an apiserver error
   * gates (defaults and CEL behind a non-structural schema, CEL behind a default error or behind an error in the
   * node's schema) also run, and what they find is reported with `hiddenBy` naming the error that hides it.
   */
  apiserverGates?: boolean;
  /** How the CRDs are applied unless a file's layout tells (a chart's crds/: helm); default client-side (kubectl apply). */
  applyMethod?: ApplyMethod;
  /** What the engines of one run over several releases share (src/engine/range.ts): made once per run. */
  shared?: ReleaseShared;
  /** Keep content-keyed caches between texts (a lint session re-linting one document, src/engine/incremental.ts). */
  lasting?: boolean;
}

/** Where a schema's cost result comes from. */
export interface SchemaCostSource {
  file: string;
  document: number;
  object: string | null;
  scope: SchemaScope;
  /** Line and column of a document path (the YAML node, or its nearest existing ancestor). */
  locate(path: readonly (string | number)[]): { line: number; column: number };
}

/** The estimate of a schema whose CEL phase ran (the per-expression costs the cel-cost rules judge). */
export interface SchemaCostEstimate extends SchemaCostSource {
  estimated: true;
  costs: SchemaCosts;
  /** Drivers and the smallest fix for an expensive expression. */
  explain(e: ExpressionCost): SuggestResult | null;
}

/** A schema with CEL rules whose CEL phase did not run. */
export interface SchemaNotEstimated extends SchemaCostSource {
  estimated: false;
  celRules: number;
  /** apiserver errors of the schema (they gate CEL compilation, as in the apiserver). */
  apiserverErrors: number;
}

export type SchemaCostResult = SchemaCostEstimate | SchemaNotEstimated;

export interface DocumentCounts {
  documents: number;
  crds: number;
  resources: number;
  skipped: number;
}

export interface TextResult extends DocumentCounts {
  diagnostics: Diagnostic[];
  /** apiserver errors that a disable comment or annotation hid (the cluster still rejects the CRD). */
  suppressedApiserverErrors: number;
  /** A run over several releases (src/engine/range.ts): each CRD's verdict at each release. */
  crdReleases?: import("../diagnostics/index.js").CrdReleases[];
}

export interface RawDiagnostic {
  rule: Rule;
  report: Report;
  document: LoadedDocument;
  object: string | null;
  phase: Phase;
  /** Set for a revision rule's report (its effect grades the severity). */
  revision?: RevisionReport;
  /** The file of `document` when it is not the linted file (a position in OLD). */
  file?: string;
  /** The CRD was linted as an update of an OLD revision: its apiserver verdicts are the update's. */
  update?: boolean;
  /** The apiserver reports this only once that diagnostic is fixed (it stops there): shown marked, not counted. */
  hiddenBy?: RawDiagnostic;
  /** A finding about OLD shown in NEW's document (OLD is at a git ref): NEW's range, and OLD's place for the message. */
  shownInNew?: { range: SourceRange; oldPlace: string };
}

const SCHEMA_PHASES: Phase[] = ["structural", "walk", "defaults", "cel", "final"];

export interface Linter {
  readonly rules: readonly Rule[];
  readonly minor: number;
  /** A worker thread can build the same engine from plain data: no callback receives cost results. */
  readonly replicable: boolean;
  /**
   * Lints NEW; with `update`, each CRD that has an OLD side is linted as an update of it. `layout`: where the
   * file sits (a chart's templates/ or crds/, a kustomization's patch), found by src/load/layout.ts.
   */
  lintText(text: string, file: string, update?: UpdateInput, layout?: InputLayout): TextResult;
  /**
   * lintText on a text already loaded (`load`), naming the CRDs it linted. `book`: shared by the engines of a run
   * over several releases, the first records what each rule found on each schema node without reading anything of
   * its release, the others replay it instead of running the rule.
   */
  lintLoaded(
    loaded: import("../load/document.js").LoadedText,
    text: string,
    file: string,
    update?: UpdateInput,
    layout?: InputLayout,
    book?: ReplayBook,
  ): TextResult & { crdObjects: { document: number; object: string | null }[] };
  /** Loads a text as lint does (the fast loader, else the full one), for the OLD side of an update. */
  load(text: string): import("../load/document.js").LoadedText;
  /** The run's severities (src/engine/sink.ts): every diagnostic's severity is resolved there. */
  readonly severities: Severities;
  /** A diagnostic for a problem found before parsing (size limit, binary file). */
  fileDiagnostic(file: string, rule: EngineCode | YamlProblemCode, message: string): Diagnostic;
}

export async function createLinter(rules: readonly Rule[], options: EngineOptions): Promise<Linter> {
  const services = await loadServices(options.minor, options.shared);
  return new Engine(rules, options, services);
}

class Engine implements Linter {
  private readonly byId = new Map<string, Rule>();
  private readonly ruleIds: ReadonlySet<string>;
  readonly severities: Severities;
  private readonly active: Rule[];
  private readonly byPhase = new Map<Phase, Rule[]>();
  /** Reads the plain block YAML most CRDs are written in; declines the rest, which the full loader reads. */
  private readonly fastLoader: FastLoader = createFastLoader();
  /** The seam to the update path (src/engine/update.ts). */
  private readonly updateHost: UpdateHost;
  /** Per phase, its visitors (rules with visitNode, in order) and their indices by the schema keys they visit. */
  private readonly visitorsOfPhase = new Map<Phase, PhaseVisitors>();

  private phaseVisitors(phase: Phase, rules: readonly Rule[]): PhaseVisitors {
    let pv = this.visitorsOfPhase.get(phase);
    if (pv) return pv;
    /* eslint-disable @typescript-eslint/unbound-method -- a rule is a plain object: its visitNode never uses `this` */
    const visitors = rules.flatMap((rule, index) =>
      rule.visitNode ? [{ rule, index, visit: rule.visitNode, keys: rule.visitKeys }] : [],
    );
    /* eslint-enable @typescript-eslint/unbound-method */
    const byKey = new Map<string, number[]>();
    const everyNode: number[] = [];
    visitors.forEach((v, i) => {
      if (v.keys === undefined) everyNode.push(i);
      for (const k of v.keys ?? []) {
        const list = byKey.get(k);
        if (list) list.push(i);
        else byKey.set(k, [i]);
      }
    });
    pv = { visitors, byKey, everyNode };
    this.visitorsOfPhase.set(phase, pv);
    return pv;
  }
  /** What a session's engine keeps between texts (options.lasting). */
  private readonly lasting: ContentStore | undefined;

  constructor(
    readonly rules: readonly Rule[],
    private readonly options: EngineOptions,
    private readonly services: EngineServices,
  ) {
    for (const r of rules) this.byId.set(r.id, r);
    this.severities = new Severities(rules, options.ruleSeverity, options.preset);
    this.lasting = options.lasting === true ? new ContentStore() : undefined;
    this.ruleIds = new Set(this.byId.keys());
    const minor = options.minor;
    // Every apiserver rule runs, whatever the user's severity: the apiserver's gates (structural errors stop CEL)
    // depend on what the apiserver would find, not on what the user wants to see; severity is applied afterwards.
    // Lints gate nothing, so a lint turned off does not run.
    this.active = rules.filter(
      (r) =>
        inReleaseRange(minor, r.minMinor, r.maxMinor) &&
        (r.apiserver || this.severities.of(r.id, r.severity) !== "off"),
    );
    for (const p of ["crd", ...SCHEMA_PHASES, "revision"] as Phase[])
      this.byPhase.set(
        p,
        this.active.filter((r) => r.phase === p),
      );
    this.updateHost = {
      minor,
      services,
      updateRules: this.byPhase.get("revision")!,
      oldFindingRules: this.oldFindingRules(),
      lintOld: (document, raw, file) => this.lintCrd(document, raw, file),
      resolve: resolved,
      guard: (rule, fn, sink, document, object) => this.guard(rule, fn, sink, document, object),
    };
  }

  /**
   * The rules whose findings on OLD drop a requirement of the update: the structural phase's apiserver rules (OLD
   * failing any of them makes the apiserver allow non-structural NEW, A19) and those whose metadata says so.
   */
  private oldFindingRules(): OldFindingRules {
    const lifting = (requirement: OldFindingRequirement) =>
      this.rules.filter((r) => r.update?.oldFindingLifts === requirement).map((r) => r.id);
    return {
      requireStructuralSchema: this.byPhase
        .get("structural")!
        .filter((r) => r.apiserver)
        .map((r) => r.id),
      requirePrunedDefaults: lifting("requirePrunedDefaults"),
    };
  }

  get minor(): number {
    return this.options.minor;
  }

  get replicable(): boolean {
    return this.options.onSchemaCost === undefined;
  }

  fileDiagnostic(file: string, ruleId: EngineCode | YamlProblemCode, message: string): Diagnostic {
    return this.severities.placed(file, ruleId, message);
  }

  load(text: string): import("../load/document.js").LoadedText {
    return this.fastLoader.load(text) ?? loadText(text);
  }

  lintText(text: string, file: string, update?: UpdateInput, layout: InputLayout = {}): TextResult {
    const { crdObjects: _, ...result } = this.lintLoaded(this.load(text), text, file, update, layout);
    return result;
  }

  /**
   * Lints a text already loaded (a range of releases loads it once, src/engine/range.ts); also names the CRDs it
   * linted (their document and name), whether or not they have diagnostics.
   */
  lintLoaded(
    loaded: import("../load/document.js").LoadedText,
    text: string,
    file: string,
    update?: UpdateInput,
    layout: InputLayout = {},
    book?: ReplayBook,
  ): TextResult & { crdObjects: { document: number; object: string | null }[] } {
    const crdObjects: { document: number; object: string | null }[] = [];
    // Whether the text is a template does not depend on the release: the first engine of a range run decides it.
    const template =
      book?.template !== undefined
        ? book.template
        : goTemplateAction(text, loaded.problems, {
            chartTemplate: layout.chart?.part === "templates",
            values: loaded.documents.map((d) => d.value),
          });
    if (book) book.template = template;
    if (template) return { ...this.templateResult(file, template), crdObjects };
    const patch = layout.kustomize ? kustomizePatch(loaded.documents, layout.kustomize) : null;
    if (patch)
      return { ...this.skippedResult(file, KUSTOMIZE_PATCH_RULE, patch.at, patch.message, patch.object), crdObjects };
    const applyMethod = layout.applyMethod ?? this.options.applyMethod ?? "client-side";
    const out: Diagnostic[] = [];
    const counts: DocumentCounts = { documents: loaded.documents.length, crds: 0, resources: 0, skipped: 0 };
    // The CRD's disable annotation covers its own diagnostics and the loader's findings in it (a duplicate or boolean key).
    const annotations: AnnotationDisable[] = [];
    // The objects of the stream, list items included (`kubectl get crd -o yaml`): each at its own line.
    const { objects, others } = objectsOf(loaded.documents);
    for (const { value, document: doc, inList } of objects) {
      if (!isCrd(value)) continue;
      const ids = disabledByAnnotation(value);
      if (ids.size === 0) continue;
      const at = doc.locate(["metadata", "annotations", DISABLE_ANNOTATION]).start;
      const lines = doc.locate([]);
      const object = buildCrdView(value).name;
      annotations.push({
        document: doc.index,
        ids,
        line: at.line,
        column: at.column,
        ...(inList ? { item: { object, startLine: lines.start.line, endLine: lines.end.line } } : {}),
      });
    }
    const suppressions = new Suppressions(loaded.directives, annotations, this.ruleIds);
    const suppressed = (d: Diagnostic): boolean => suppressions.suppresses(d);
    for (const p of loaded.problems) {
      // A loader finding of a rule the preset leaves out (yaml-boolean-key under --preset apiserver) is not shown.
      const d = this.severities.placed(file, p.rule, p.message, {
        document: p.document,
        range: p.range,
        category: "yaml",
      });
      if ((d.severity as ConfiguredSeverity) === "off") continue;
      if (!suppressed(d)) out.push(d);
    }
    const docsWithProblems = new Set(loaded.problems.map((p) => p.document));
    counts.documents += [...docsWithProblems].filter((i) => !loaded.documents.some((d) => d.index === i)).length;
    // An empty document is not counted; a document that is not an object, and an object that is not a CRD, are skipped.
    counts.documents -= loaded.documents.filter((d) => d.value === null || d.value === undefined).length;
    counts.skipped += others.filter((o) => o.prefix.length === 0).length;
    for (const { value, document: doc } of objects) {
      if (!isCrd(value)) {
        counts.skipped++;
        continue;
      }
      counts.crds++;
      const name = isObject(value.metadata) && typeof value.metadata.name === "string" ? value.metadata.name : null;
      crdObjects.push({ document: doc.index, object: buildCrdView(value).name });
      const old = update && name !== null ? update.old(name, doc) : undefined;
      // An update shares as a create does: what depends on OLD is read through the update getters, which say that
      // it was read (OLD's own findings are the release's), so a finding that read it is not replayed.
      const crdBook = book
        ? (book.crds[crdObjects.length - 1] ??= { recorded: false, schemas: [], crdRecords: new Map() })
        : undefined;
      const raws = this.lintCrd(
        doc,
        value,
        file,
        old ? { crd: old, storedVersions: old.storedVersions ?? update!.storedVersions } : undefined,
        this.options.apiserverGates !== true && update === undefined,
        applyMethod,
        crdBook,
      );
      if (crdBook) crdBook.recorded = true;
      for (const raw of raws) {
        const d = this.toDiagnostic(file, raw);
        // A position in OLD: NEW's comments do not cover it, NEW's disable annotation does.
        if (d && !(raw.file !== undefined ? suppressed({ ...d, document: doc.index, line: -1 }) : suppressed(d)))
          out.push(d);
      }
    }
    for (const f of suppressions.findings(this.severities.of(UNUSED_DIRECTIVE, "warning") !== "off")) {
      const document =
        f.document ??
        loaded.documents.find((d) => d.rangeOfDocument.start.line <= f.line && f.line <= d.rangeOfDocument.end.line)
          ?.index ??
        0;
      const d = this.severities.placed(
        file,
        f.rule,
        f.message,
        { document, range: { start: { line: f.line, column: f.column }, end: { line: f.line, column: f.endColumn } } },
        "warning",
      );
      if ((d.severity as ConfiguredSeverity) === "off") continue;
      out.push(f.suggestion ? { ...d, suggestion: f.suggestion } : d);
    }
    return {
      diagnostics: out,
      ...counts,
      suppressedApiserverErrors: suppressions.suppressedApiserverErrors,
      crdObjects,
    };
  }

  /** A Go/Helm template: nothing of it is linted, one info says how to lint what it renders to (yaml-go-template). */
  private templateResult(file: string, at: { line: number; column: number }): TextResult {
    return this.skippedResult(file, GO_TEMPLATE_RULE, { ...at, endColumn: at.column + 2 }, goTemplateMessage(file));
  }

  /** A file that is not linted at all, with the one info (`rule`) that says why and what to lint instead. */
  private skippedResult(
    file: string,
    rule: EngineCode,
    at: { line: number; column: number; endColumn: number },
    message: string,
    object: string | null = null,
  ): TextResult {
    const counts = { documents: 0, crds: 0, resources: 0, skipped: 0, suppressedApiserverErrors: 0 };
    if (this.severities.of(rule, "info") === "off") return { diagnostics: [], ...counts };
    return {
      diagnostics: [
        this.severities.placed(file, rule, message, {
          object,
          range: { start: { line: at.line, column: at.column }, end: { line: at.line, column: at.endColumn } },
        }),
      ],
      ...counts,
    };
  }

  private toDiagnostic(linted: string, raw: RawDiagnostic): Diagnostic | null {
    const { rule, report, document, revision } = raw;
    const file = raw.file ?? linted;
    const severity = this.severities.ofReport(rule, revision);
    if (severity === "off") return null;
    const { range, field } = placeOf(raw);
    const hider = raw.hiddenBy && {
      rule: raw.hiddenBy.rule.id,
      file: raw.hiddenBy.file ?? linted,
      ...placeOf(raw.hiddenBy),
    };
    const hiddenBy = hider && {
      rule: hider.rule,
      file: hider.file,
      line: hider.at.line,
      column: hider.at.column,
      field: hider.field,
    };
    return this.severities.report(
      rule,
      severity,
      { file, document: document.index, object: raw.object, range },
      {
        field,
        apiserverField: report.path.apiserver.toString(),
        type: report.type,
        message: raw.shownInNew ? `${report.message ?? ""} (OLD: ${raw.shownInNew.oldPlace})` : (report.message ?? ""),
        value: report.value !== undefined ? renderValue(report.value) : undefined,
        detail: report.detail,
        suggestion: report.suggestion,
        update: raw.update,
        revision,
        hiddenBy,
        ...(report.occurrence !== undefined ? { occurrence: report.occurrence } : {}),
      },
    );
  }

  /**
   * `old`: lint the CRD as an update of OLD's CRD (src/engine/update.ts). `behind`: also run the checks an apiserver
   * error gates, reporting what they find as hidden behind it.
   */
  private lintCrd(
    document: LoadedDocument,
    raw: Record<string, unknown>,
    file: string,
    old?: { crd: OldCrd; storedVersions?: readonly string[] },
    behind = false,
    applyMethod: ApplyMethod = this.options.applyMethod ?? "client-side",
    book?: CrdBook,
  ): RawDiagnostic[] {
    // The releases after the first share its view of the CRD, its schema nodes and what it memoized without reading
    // anything of its release.
    const replaying = book?.recorded === true;
    const crd = replaying ? book!.crd! : buildCrdView(raw);
    const out: RawDiagnostic[] = [];
    const touch: ReleaseTouch = { touched: false };
    const memo = replaying ? book!.memo!.releaseIndependentCopy(touch, this.lasting) : new Memo(touch, this.lasting);
    if (book && !replaying) {
      book.crd = crd;
      book.memo = memo;
    }
    const object = crd.name;
    const crdUpdate = old ? new CrdUpdate(this.updateHost, old.crd, old.storedVersions, crd) : undefined;
    const update = crdUpdate?.options;
    const shared: SharedContext = {
      crd,
      minor: this.options.minor,
      services: this.services,
      memo,
      applyMethod,
      ...(update ? { update } : {}),
    };
    const isUpdate = update !== undefined;
    const makeCtx = (rule: Rule, phase: Phase, sink: RawDiagnostic[], captured?: Report[]): RuleContext =>
      new CrdRuleContext(shared, touch, rule, phase, sink, document, object, isUpdate, captured);
    if (!crd.apiVersion.endsWith("/v1")) {
      for (const rule of this.byPhase.get("crd")!)
        if (rule.check && rule.id.startsWith("crd-v1beta1"))
          this.guard(rule, () => rule.check!(makeCtx(rule, "crd", out)), out, document, object);
      // An update of it is judged in the v1 form a release that still serves v1beta1 converts it to.
      if (crdUpdate) out.push(...crdUpdate.checkServedAsV1(raw, document, object));
      return out;
    }
    for (const rule of this.byPhase.get("crd")!) {
      if (!rule.check) continue;
      // As on schema nodes: what a CRD rule found without reading its release is replayed at the other releases.
      const found = book?.crdRecords.get(rule.id);
      if (found) {
        for (const r of found)
          out.push({ rule, report: resolved(rule, r), document, object, phase: "crd", update: isUpdate });
        continue;
      }
      touch.touched = false;
      const captured: Report[] = [];
      const failed = !this.guard(rule, () => rule.check!(makeCtx(rule, "crd", out, captured)), out, document, object);
      memo.settle();
      // The first release to run the rule records it (one that starts at a later release is recorded there).
      if (book && !book.crdRecords.has(rule.id))
        book.crdRecords.set(rule.id, touch.touched || failed ? null : captured);
    }
    const structuralRequired = structuralSchemaRequired(update, crd);
    // An update's verdict rests on what OLD's create fires (A19 and the ratchets): behind-the-gate checks stay out of it.
    crd.schemas.forEach((scope, i) => {
      // The first release records each schema's invocations, the others replay them (book.recorded).
      const replay: SchemaReplay = {
        touch,
        ...(book ? { book: (book.schemas[i] ??= { records: new Map(), nodes: null }), replaying } : {}),
      };
      out.push(
        ...this.lintSchema(
          scope,
          shared,
          document,
          object,
          file,
          isUpdate,
          structuralRequired,
          behind && !isUpdate,
          replay,
        ),
      );
    });
    if (crdUpdate) out.push(...crdUpdate.check(crd, memo, document, object));
    return out;
  }

  private lintSchema(
    scope: SchemaScope,
    shared: SharedContext,
    document: LoadedDocument,
    object: string | null,
    file: string,
    update = false,
    structuralRequired = true,
    behind = false,
    replay: SchemaReplay = { touch: { touched: false } },
  ): RawDiagnostic[] {
    let nodes = replay.replaying ? replay.book?.nodes : undefined;
    if (!nodes) {
      nodes = schemaNodes(scope, shared.memo);
      if (replay.book) replay.book.nodes = nodes;
    }
    const out: RawDiagnostic[] = [];
    const structural = new StructuralState(shared.minor);
    structural.notRequired = !structuralRequired;
    const state: SchemaRunState = {
      out,
      dirty: new Set<string>(),
      dirtyBy: new Map(),
      typeDirtyBy: new Map(),
      errorCount: 0,
      document,
      object,
      scope,
      nodes,
      structural,
      update,
      hiding: null,
      celBehind: false,
      touch: replay.touch,
      captured: undefined,
      capturing: false,
    };
    const phaseRuns = new Map<Phase, number>();
    const schemaCtx = (rule: Rule, phase: Phase): SchemaContext => new SchemaRuleContext(shared, rule, phase, state);
    // Returns the apiserver errors the phase reported.
    const runPhase = (phase: Phase): number => {
      const before = state.errorCount;
      const rules = this.byPhase.get(phase)!;
      if (rules.length === 0) return 0;
      // Made when a rule runs or replays a finding: a replaying release needs few of them.
      const ctxs: (SchemaContext | undefined)[] = new Array<SchemaContext | undefined>(rules.length);
      const ctxOf = (i: number): SchemaContext => (ctxs[i] ??= schemaCtx(rules[i]!, phase));
      // The same phase may run again behind a gate: each run has its own records.
      const run = (phaseRuns.get(phase) ?? 0) + 1;
      phaseRuns.set(phase, run);
      const { book, replaying } = replay;
      // The first release to run a rule records it (a rule that starts at a later release, or a phase the earlier
      // releases did not reach, is recorded there); the releases after it replay the record.
      const mine = new Set<RuleRecord>();
      let byRule: Map<Rule, RuleRecord> | undefined;
      if (book) {
        const key = `${phase}#${run}`;
        byRule = book.records.get(key);
        if (!byRule) book.records.set(key, (byRule = new Map<Rule, RuleRecord>()));
      }
      const records = rules.map((rule) => {
        if (!byRule) return undefined;
        let r = byRule.get(rule);
        if (!r) {
          byRule.set(rule, (r = { at: [], found: [] }));
          mine.add(r);
        }
        return r;
      });
      const recording = mine.size > 0;
      // The phase's visitors (its rules with visitNode) and their keys are the engine's; what a run keeps of each is
      // in arrays by visitor: a replaying release allocates nothing per rule.
      const { visitors, byKey, everyNode } = this.phaseVisitors(phase, rules);
      const vRecord = visitors.map((v) => records[v.index]);
      const vRecording = new Uint8Array(visitors.length);
      for (let i = 0; i < visitors.length; i++) {
        const r = vRecord[i];
        if (r !== undefined && mine.has(r)) vRecording[i] = 1;
      }
      const vCursor = new Uint32Array(visitors.length);
      state.capturing = recording;
      // The structural rules read the schema's NewStructural outcome, which observing every node in walk order finds
      // (the rules read it only on the nodes they concern, so that elsewhere they read nothing of the release).
      // The final phase's structural-conversion-failed needs the outcome too when no structural rule ran.
      const observing =
        phase === "structural" || (phase === "final" && !structural.complete && !structural.notRequired);
      const keyed = byKey.size > 0;
      const dueAt = new Uint32Array(visitors.length);
      // The visitors due at a node, in visitor order: a node has a few keys, and most visitors look for others.
      const due = new Uint32Array(visitors.length);
      const visitAt = (n: number): void => {
        const node = nodes[n]!;
        // The visitors with keys that this node's schema has: its own few keys are looked up, not every visitor's.
        const stamp = n + 1;
        let count = 0;
        for (const i of everyNode) {
          dueAt[i] = stamp;
          due[count++] = i;
        }
        if (keyed) {
          const schema = node.schema;
          for (const k in schema) {
            const list = byKey.get(k);
            if (list === undefined || schema[k] === undefined) continue;
            for (const i of list)
              if (dueAt[i] !== stamp) {
                dueAt[i] = stamp;
                due[count++] = i;
              }
          }
        }
        // Insertion sort: a handful of visitors, mostly in order already.
        for (let a = 1; a < count; a++) {
          const x = due[a]!;
          let b = a - 1;
          for (; b >= 0 && due[b]! > x; b--) due[b + 1] = due[b]!;
          due[b + 1] = x;
        }
        for (let d = 0; d < count; d++) {
          const i = due[d]!;
          const v = visitors[i]!;
          const record = vRecord[i];
          const recordsIt = vRecording[i] === 1;
          if (record && !recordsIt) {
            // The record lists, in node order, the nodes where the rule reported or read its release: elsewhere it
            // found nothing, at every release.
            const at = vCursor[i]!;
            if (record.at[at] !== n) continue;
            const found = record.found[at]!;
            vCursor[i] = at + 1;
            if (found !== null) {
              const ctx = ctxOf(v.index);
              for (const r of found) ctx.report(r);
              continue;
            }
          }
          state.touch.touched = false;
          state.captured = undefined;
          // Inline rather than through guard(): this loop runs rules × schema nodes times.
          try {
            v.visit(node, ctxOf(v.index));
          } catch (e) {
            this.internalError(v.rule, e, out, document, object);
            state.touch.touched = true; // a failure is not replayed: each release says it
          }
          (state.memo ?? shared.memo).settle();
          if (recordsIt && (state.touch.touched || state.captured)) {
            record!.at.push(n);
            record!.found.push(state.touch.touched ? null : state.captured!);
          }
        }
      };
      const conversion = replay.book?.conversion;
      if (replaying && vRecord.every((r, i) => r !== undefined && vRecording[i] === 0)) {
        // Replaying with every rule recorded: only the nodes some record names need a visit (still observed in order,
        // or, when the first release observed them all, told what observing them up to there finds).
        const named = new Uint8Array(nodes.length);
        for (const r of vRecord) for (const n of r!.at) named[n] = 1;
        let observed = 0;
        const observeTo = (n: number): void => {
          if (!conversion)
            for (; observed <= n && observed < nodes.length; observed++) structural.observe(nodes[observed]!);
          else if (conversion.first >= 0 && n >= conversion.first && structural.conversionError === null)
            structural.conversionError = conversion.error;
        };
        for (let n = 0; n < nodes.length; n++) {
          if (named[n] === 0) continue;
          if (observing) observeTo(n);
          visitAt(n);
        }
        if (observing) observeTo(nodes.length - 1);
      } else {
        for (let n = 0; n < nodes.length; n++) {
          if (observing) structural.observe(nodes[n]!);
          visitAt(n);
        }
        if (observing && !replaying && replay.book && !replay.book.conversion) {
          const at = structural.conversionNode;
          replay.book.conversion = { first: at ? nodes.indexOf(at) : -1, error: structural.conversionError };
        }
      }
      for (let i = 0; i < rules.length; i++) {
        const rule = rules[i]!;
        if (!rule.checkSchema) continue;
        const record = records[i];
        const recordsIt = record !== undefined && mine.has(record);
        const found = record && !recordsIt ? record.schema : undefined;
        if (found) {
          for (const r of found) ctxOf(i).report(r);
          continue;
        }
        state.touch.touched = false;
        state.captured = undefined;
        const failed = !this.guard(rule, () => rule.checkSchema!(ctxOf(i)), out, document, object);
        (state.memo ?? shared.memo).settle();
        if (recordsIt) record.schema = state.touch.touched || failed ? null : (state.captured ?? NOTHING);
      }
      state.capturing = false;
      return state.errorCount - before;
    };
    // Structural errors (the NonStructuralSchema block) gate defaults and CEL; default errors gate CEL. When the
    // apiserver does not require a structural schema (A19) it skips that whole block.
    const structuralErrors = structuralRequired ? runPhase("structural") : 0;
    runPhase("walk");
    // A schema that cannot even be converted to its structural form (NewStructural fails, e.g. on $schema) gets
    // neither defaults nor CEL checks, like a structural error.
    let celChecked = false;
    if (structuralRequired && structuralErrors === 0 && structural.conversionError === null) {
      const defaultErrors = runPhase("defaults");
      if (defaultErrors === 0) {
        runPhase("cel");
        celChecked = true;
      }
    }
    runPhase("final");
    const onCost = this.options.onSchemaCost;
    if (onCost) {
      const source: SchemaCostSource = {
        file,
        document: document.index,
        object,
        scope,
        locate: (p) => {
          const r = document.locate(p);
          return { line: r.start.line, column: r.start.column };
        },
      };
      if (!celChecked) {
        // `crdlint cost` says per schema why its rules have no estimate, instead of showing none.
        const celRules = nodes.reduce(
          (n, node) =>
            n +
            (Array.isArray(node.schema["x-kubernetes-validations"])
              ? node.schema["x-kubernetes-validations"].length
              : 0),
          0,
        );
        if (celRules > 0) onCost({ ...source, estimated: false, celRules, apiserverErrors: state.errorCount });
      } else if (enabledByDefault(CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, this.options.minor)) {
        // The same per-schema estimate the cel-cost rules judged (memoized per CRD): x-kubernetes-validations are
        // dropped on create before their gate is on by default, so there is nothing to estimate then.
        const ctx = new SchemaRuleContext(shared, COST_API_RULE, "cel", state);
        let costs: SchemaCosts | null = null;
        try {
          costs = schemaCosts(ctx);
        } catch {
          // The cel-cost rules ran the same estimate and reported its failure as an internal error.
        }
        if (costs) onCost({ ...source, estimated: true, costs, explain: (e) => explainCost(e, ctx) });
      }
    }
    if (behind && structuralRequired) {
      if (!celChecked) this.behindGates(state, runPhase);
      else this.behindNodes(state, runPhase);
    }
    return out;
  }

  /**
   * What the apiserver would report once the error that stopped it is fixed: the phases it gates run as if the gate
   * were open, each finding marked with the error hiding it (the nearest closed gate). Only what can be judged
   * without the missing piece is run: a schema that does not convert has no structural form, so its held
   * ValidateStructural findings are shown and its defaults and CEL rules are named as not checked; a CEL rule on a
   * node with a structural error has no CEL type, so it is named as not checked, not compiled.
   */
  private behindGates(state: SchemaRunState, runPhase: (phase: Phase) => number): void {
    const shown = state.out.filter((r) => r.rule.apiserver && r.hiddenBy === undefined);
    const conversionError = state.structural.conversionError;
    let gate: RawDiagnostic | undefined;
    if (conversionError !== null) {
      // NewStructural failed: whatever apiserver error the schema shows first is what stops it.
      gate = shown[0];
      if (!gate) return;
      state.hiding = gate;
      const before = state.out.length;
      state.structural.releaseHeld();
      if (!DROPPED_BY_CONVERSION.test(conversionError)) {
        // $ref, definitions, array items...: the structural form the fix produces is unknown, so nothing below is judged.
        const what = [
          state.nodes.some((n) => n.schema.default !== undefined) ? "defaults" : "",
          state.nodes.some(hasCelRules) ? "CEL rules" : "",
        ].filter(Boolean);
        if (what.length > 0)
          this.reportNotChecked(state, gate, unconvertedReport(state.scope.path, what.join(" and "), conversionError));
        state.hiding = null;
        return;
      }
      // `$schema` or `id`: the conversion drops them once removed, and the structural form is the schema as written.
      gate = state.out.slice(before).find((r) => r.rule.apiserver) ?? gate;
    } else gate = shown.find((r) => r.phase === "structural");
    if (gate) {
      state.hiding = gate;
      const before = state.out.length;
      runPhase("defaults");
      gate = state.out.slice(before).find((r) => r.rule.apiserver && r.phase === "defaults") ?? gate;
    } else gate = shown.find((r) => r.phase === "defaults");
    if (!gate) return;
    state.hiding = gate;
    this.celBehind(state, runPhase);
    state.hiding = null;
  }

  /**
   * The CEL rules the apiserver skips on a node with an error at or below it (it compiles a node's rules only when
   * the node validated cleanly), compiled as they will be once that error is fixed, each finding behind the error.
   */
  private behindNodes(state: SchemaRunState, runPhase: (phase: Phase) => number): void {
    if (state.dirty.size === 0) return;
    if (!state.nodes.some((n) => hasCelRules(n) && isCompiledNode(n) && state.dirty.has(n.path.written.toString())))
      return;
    // A fresh memo: the cost estimates of the schema were made without the skipped nodes.
    state.memo = new Memo(state.touch, this.lasting);
    this.celBehind(state, runPhase);
    state.memo = undefined;
  }

  /**
   * Runs the cel phase behind a gate (the schema's, `state.hiding`, or each node's own error): every node compiles
   * but one whose CEL type an error may change (a missing or wrong type, items, a format...): that one is named
   * (schema-not-checked), since its types would be guesses. What the apiserver already reported is not repeated.
   */
  private celBehind(state: SchemaRunState, runPhase: (phase: Phase) => number): void {
    const before = state.out.length;
    const reported = new Set(state.out.filter((r) => r.hiddenBy === undefined).map(rawKey));
    state.celBehind = true;
    runPhase("cel");
    state.celBehind = false;
    const typesUnsure = state.typeDirtyBy.size > 0;
    const behind = state.out
      .splice(before)
      .filter((r) => !reported.has(rawKey(r)) && !(typesUnsure && r.rule.id === "cel-type-info-failed"));
    state.out.push(...behind);
    for (const node of state.nodes) {
      const rules = node.schema["x-kubernetes-validations"];
      if (!Array.isArray(rules) || rules.length === 0 || !isCompiledNode(node)) continue;
      const by = state.typeDirtyBy.get(node.path.written.toString());
      if (by)
        this.reportNotChecked(
          state,
          by,
          celNodeReport(node.path.child("x-kubernetes-validations"), rules.length, by.rule.id),
        );
    }
  }

  private reportNotChecked(state: SchemaRunState, by: RawDiagnostic, report: Report): void {
    const rule = this.byId.get(NOT_CHECKED_RULE);
    if (!rule || this.severities.of(rule.id, rule.severity) === "off") return;
    state.out.push({
      rule,
      report: resolved(rule, report),
      document: state.document,
      object: state.object,
      phase: "structural",
      hiddenBy: by,
    });
  }

  /** Runs a rule hook; a throw becomes an internal-error diagnostic. Returns whether the hook completed. */
  private guard(
    rule: Rule,
    fn: () => void,
    sink: RawDiagnostic[],
    document: LoadedDocument,
    object: string | null,
  ): boolean {
    try {
      fn();
      return true;
    } catch (e) {
      this.internalError(rule, e, sink, document, object);
      return false;
    }
  }

  /** A rule that throws is a bug in crdlint: say so on this document and keep linting the rest. */
  private internalError(
    rule: Rule,
    e: unknown,
    sink: RawDiagnostic[],
    document: LoadedDocument,
    object: string | null,
  ): void {
    sink.push({
      rule: this.byId.get("internal-error" satisfies EngineCode) ?? rule,
      report: {
        path: new DualPath(FieldPath.from([])),
        message: `rule ${rule.id} failed: ${e instanceof Error ? e.message : String(e)}`,
      },
      document,
      object,
      phase: "crd",
    });
  }
}

/** The reporter of the cost API's context: it computes, it never reports. */
const COST_API_RULE: Rule = defineEngineRule({
  id: "cel-cost",
  category: "cel-cost",
  severity: "error",
  apiserver: false,
  type: null,
  description: "crdlint cost",
  docs: { fail: "", pass: "" },
});

/** What one rule reported on one schema node (or schema) without reading its release; null: it did read it (or failed). */
type Recorded = readonly Report[] | null;

/**
 * A rule's records on one schema: `at` the nodes (in order) where it reported or read its release, `found` what it did
 * there; nothing at the other nodes. `schema`: its checkSchema's.
 */
/** A phase's visitors: each rule with visitNode (`index`: its place in the phase's rules), and by the keys they visit. */
interface PhaseVisitors {
  visitors: { rule: Rule; index: number; visit: NonNullable<Rule["visitNode"]>; keys: Rule["visitKeys"] }[];
  byKey: Map<string, number[]>;
  /** The visitors without keys: they visit every node. */
  everyNode: number[];
}

interface RuleRecord {
  at: number[];
  found: Recorded[];
  schema?: Recorded;
}

/** A run's records of one schema: by phase, its run and the rule; and its nodes, walked once. */
interface SchemaBook {
  /** By phase and its run (`walk#1`), then rule. */
  records: Map<string, Map<Rule, RuleRecord>>;
  nodes: readonly SchemaNode[] | null;
  /**
   * Where observing the nodes in walk order first found NewStructural's error (index -1: nowhere), once the first
   * release has observed them all: it reads nothing of the release, so the others take it instead of observing.
   */
  conversion?: { first: number; error: string | null };
}

/** A CRD's records, by schema; `recorded` once its first release has linted it (its view and memo kept for the others). */
export interface CrdBook {
  recorded: boolean;
  schemas: SchemaBook[];
  /** What each CRD-phase rule found (null: it read its release). */
  crdRecords: Map<string, Recorded>;
  crd?: CrdView;
  memo?: Memo;
}

/** What the engines of a run over several releases share about one text: its CRDs' records, in order. */
export interface ReplayBook {
  crds: CrdBook[];
  /** Where the text's first Go template action is (null: not a template), once the first engine has looked. */
  template?: { line: number; column: number } | null;
}

/** The engine's side of the records of one schema. */
interface SchemaReplay {
  touch: ReleaseTouch;
  book?: SchemaBook;
  replaying?: boolean;
}

const NOTHING: readonly Report[] = [];

/** What every rule context of one CRD has in common. */
type SharedContext = Omit<RuleContext, "report">;

interface SchemaRunState {
  out: RawDiagnostic[];
  /** Written paths (and their ancestors) where a walk-phase apiserver error was reported. */
  dirty: Set<string>;
  /** The first error that made each dirty path dirty (what hides a CEL rule there). */
  dirtyBy: Map<string, RawDiagnostic>;
  /** While the engine runs a gated phase as if open: the error that closes the gate (its reports are hidden behind it). */
  hiding: RawDiagnostic | null;
  /** Paths (and their ancestors) where an error may change the CEL type: the first such error. */
  typeDirtyBy: Map<string, RawDiagnostic>;
  /**
   * The cel phase runs behind the gates: a node is clean unless an error may change its CEL type, and a report is
   * hidden behind the schema's gate or, without one, the error at or below its node (none: already reported).
   */
  celBehind: boolean;
  /** A memo of its own for a phase run again (the shared one holds what the first run computed). */
  memo?: Memo;
  /** Set when a rule reads something of the release (src/crd/memo.ts ReleaseTouch). */
  touch: ReleaseTouch;
  /** Recording for the other releases: what the running invocation reported. */
  capturing: boolean;
  captured: Report[] | undefined;
  errorCount: number;
  document: LoadedDocument;
  object: string | null;
  scope: SchemaScope;
  nodes: readonly SchemaNode[];
  /** Filled by the structural phase: NewStructural's outcome gates defaults and CEL. */
  structural: StructuralState;
  /** The CRD is linted as an update. */
  update: boolean;
}

/**
 * A CRD rule's context (phase "crd"): what depends on the release is read through getters that say so (touch). A class,
 * not an object literal with getters per rule and CRD, as SchemaRuleContext is.
 */
class CrdRuleContext implements RuleContext {
  readonly crd: CrdView;
  readonly memo: Memo;
  readonly applyMethod: ApplyMethod;

  constructor(
    private readonly shared: SharedContext,
    private readonly touch: ReleaseTouch,
    private readonly rule: Rule,
    private readonly phase: Phase,
    private readonly sink: RawDiagnostic[],
    private readonly document: LoadedDocument,
    private readonly object: string | null,
    private readonly isUpdate: boolean,
    private readonly captured: Report[] | undefined,
  ) {
    this.crd = shared.crd;
    this.memo = shared.memo;
    this.applyMethod = shared.applyMethod;
  }

  get minor(): number {
    this.touch.touched = true;
    return this.shared.minor;
  }

  get services(): EngineServices {
    this.touch.touched = true;
    return this.shared.services;
  }

  get update(): UpdateOptions | undefined {
    this.touch.touched = true;
    return this.shared.update;
  }

  report(r: Report): void {
    this.captured?.push(r);
    const { rule, document, object, phase, isUpdate } = this;
    this.sink.push({ rule, report: resolved(rule, r), document, object, phase, update: isUpdate });
  }
}

/** One rule's view of one schema; a class so that every rule sees objects of one shape. */
class SchemaRuleContext implements SchemaContext {
  readonly crd: CrdView;
  readonly memo: Memo;
  readonly applyMethod: ApplyMethod;
  readonly scope: SchemaScope;
  readonly nodes: readonly SchemaNode[];

  constructor(
    private readonly base: SharedContext,
    private readonly rule: Rule,
    private readonly phase: Phase,
    private readonly state: SchemaRunState,
  ) {
    this.crd = base.crd;
    this.memo = state.memo ?? base.memo;
    this.applyMethod = base.applyMethod;
    this.scope = state.scope;
    this.nodes = state.nodes;
  }

  // What depends on the release (or on what other rules found) is read through getters that say so (state.touch):
  // a rule that read none of it finds the same at every release.
  get minor(): number {
    this.state.touch.touched = true;
    return this.base.minor;
  }

  get services(): EngineServices {
    this.state.touch.touched = true;
    return this.base.services;
  }

  get update(): UpdateOptions | undefined {
    this.state.touch.touched = true;
    return this.base.update;
  }

  get structural(): StructuralState {
    this.state.touch.touched = true;
    return this.state.structural;
  }

  report(r: Report): void {
    const { rule, phase, state } = this;
    if (state.capturing) (state.captured ??= []).push(r);
    const raw: RawDiagnostic = {
      rule,
      report: resolved(rule, r),
      document: state.document,
      object: state.object,
      phase,
      update: state.update,
    };
    const hiddenBy =
      state.hiding ?? (state.celBehind ? nodeHider(state.dirtyBy, r.path.written.toString()) : undefined);
    // Behind no error: the apiserver compiled this node, and its findings are already reported.
    if (state.celBehind && !hiddenBy) return;
    if (hiddenBy) raw.hiddenBy = hiddenBy;
    state.out.push(raw);
    if (rule.apiserver) {
      // A hidden error is not one the apiserver counts now, but it keeps CEL off its node as it will after the fix.
      if (!hiddenBy) state.errorCount++;
      const at = (r.level ?? r.path).written.toString();
      if (rule.outsideWalk || !(phase === "walk" || phase === "structural")) return;
      const shapes = phase === "walk" ? walkErrorShapesCelTypes(at) : structuralErrorShapesCelTypes(rule.id, at);
      if (phase === "walk" || shapes) markDirty(state.dirty, state.dirtyBy, at, raw);
      if (shapes) markDirty(new Set(), state.typeDirtyBy, at, raw);
    }
  }

  get ruleId(): string {
    return this.rule.id;
  }

  isNodeClean(node: SchemaNode): boolean {
    this.state.touch.touched = true;
    if (this.state.celBehind) return !this.state.typeDirtyBy.has(node.path.written.toString());
    return this.state.dirty.size === 0 || !this.state.dirty.has(node.path.written.toString());
  }

  get errorCount(): number {
    this.state.touch.touched = true;
    return this.state.errorCount;
  }
}

/** The report with its message text (a messageId is resolved when reported, so that a wrong id fails inside the rule's guard). */
function resolved(rule: Rule, r: Report): Report {
  return r.messageId === undefined ? r : { ...r, message: reportMessage(rule, r) };
}

function markDirty(dirty: Set<string>, dirtyBy: Map<string, RawDiagnostic>, path: string, by: RawDiagnostic): void {
  // Every ancestor of an error path is "not clean" for the per-node CEL gate.
  const add = (p: string) => {
    dirty.add(p);
    if (!dirtyBy.has(p)) dirtyBy.set(p, by);
  };
  add(path);
  for (let i = path.length - 1; i > 0; i--) {
    const c = path[i];
    if (c === "." || c === "[") add(path.slice(0, i));
  }
}

/**
 * Whether a structural error can change the CEL type of its node (and so of its ancestors' `self`): one in a value
 * validation (allOf/anyOf/oneOf/not) or an invalid pattern leaves the structural schema CEL types come from as it is.
 * (Structural errors gate all of CEL on their own; this matters only when the engine looks behind that gate.)
 */
function structuralErrorShapesCelTypes(ruleId: string, path: string): boolean {
  return ruleId !== "schema-pattern-invalid" && !/\.(allOf|anyOf|oneOf)\[|\.not(\.|\[|$)/.test(path);
}

/** Keywords whose errors leave a node's CEL type (and cost bounds) as they are. */
const TYPE_NEUTRAL_KEYWORDS: ReadonlySet<string> = new Set([
  "description",
  "title",
  "example",
  "externalDocs",
  "pattern",
  "enum",
  "required",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "minItems",
  "minProperties",
  "uniqueItems",
]);

/**
 * Whether a walk error can change the CEL type of its node: not when it is about a value-validation keyword that
 * CEL types ignore (an enum value of the wrong type, a bad minimum) or about an x-kubernetes-validations entry.
 * Anything else (type, items, format, list and map types, bounds CEL costs use, an error on the node itself) may.
 */
function walkErrorShapesCelTypes(path: string): boolean {
  if (/\.x-kubernetes-validations(\[|$)/.test(path)) return false;
  const m = /\.([A-Za-z$][\w$-]*)(\[\d+\])*$/.exec(path);
  return !(m && TYPE_NEUTRAL_KEYWORDS.has(m[1]!));
}

/** The error at or below the deepest dirty ancestor of a report's path (what hides a CEL finding there). */
function nodeHider(dirtyBy: ReadonlyMap<string, RawDiagnostic>, path: string): RawDiagnostic | undefined {
  for (let i = path.length; i > 0; i--) {
    if (i < path.length && path[i] !== "." && path[i] !== "[") continue;
    const by = dirtyBy.get(path.slice(0, i));
    if (by) return by;
  }
  return undefined;
}

function hasCelRules(node: SchemaNode): boolean {
  const v = node.schema["x-kubernetes-validations"];
  return Array.isArray(v) && v.length > 0;
}

/** What makes two raw diagnostics the same finding (as prepareDiagnostics compares them). */
function rawKey(r: RawDiagnostic): string {
  return `${r.rule.id}\0${r.report.path.written.toString()}\0${r.report.message ?? ""}\0${r.report.offset ?? ""}`;
}

/** Where a raw diagnostic points: its range in its document, and its field as written. */
function placeOf(raw: RawDiagnostic): { range: SourceRangeOf; field: string; at: { line: number; column: number } } {
  const { report, document } = raw;
  const written = report.path.written;
  const docPath = written.toDocumentPath();
  const range =
    raw.shownInNew?.range ??
    (report.offset !== undefined ? document.locateInString(docPath, report.offset) : null) ??
    document.locate(docPath);
  return { range, field: written.toString(), at: { line: range.start.line, column: range.start.column } };
}

type SourceRangeOf = ReturnType<LoadedDocument["locate"]>;

/** NewStructural's errors for keys that only need removing (`$schema`, `id`): the fixed schema converts as written. */
const DROPPED_BY_CONVERSION = /^OpenAPIV3Schema '(id|schema)' is not supported$/;

/** The rule that names what cannot be checked behind a non-structural schema. */
const NOT_CHECKED_RULE = "schema-not-checked" satisfies EngineCode;

function disabledByAnnotation(raw: Record<string, unknown>): Set<string> {
  const md = raw.metadata;
  if (!isObject(md) || !isObject(md.annotations)) return new Set();
  const v = md.annotations[DISABLE_ANNOTATION];
  if (typeof v !== "string") return new Set();
  return new Set(
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

const GO_TEMPLATE_RULE = "yaml-go-template" satisfies EngineCode;
const KUSTOMIZE_PATCH_RULE = "kustomize-patch" satisfies EngineCode;

/**
 * A kustomize patch (kubebuilder's config/crd/patches/webhook_in_<plural>.yaml and cainjection_in_<plural>.yaml):
 * a CustomResourceDefinition with only the fields it changes, which kustomize merges into the whole CRD. A file is
 * one when its kustomization lists it as a patch, or when, under a kustomization, every CRD in it lacks all of
 * spec.group, spec.names and spec.versions (kubebuilder scaffolds the patches commented out of the kustomization).
 */
function kustomizePatch(
  documents: readonly LoadedDocument[],
  k: NonNullable<InputLayout["kustomize"]>,
): { at: { line: number; column: number; endColumn: number }; message: string; object: string | null } | null {
  if (k.listedAs === "kustomization" || k.listedAs === "configuration" || k.listedAs === "resource") return null;
  const crds = objectsOf(documents).objects.filter((o) => isCrd(o.value));
  if (crds.length === 0) return null;
  const partial = (v: Record<string, unknown>) =>
    !isObject(v.spec) || (v.spec.group === undefined && v.spec.names === undefined && v.spec.versions === undefined);
  if (k.listedAs !== "patch" && !crds.every((o) => partial(o.value))) return null;
  const first = crds[0]!;
  const r = first.document.locate(["kind"]).start;
  const name =
    isObject(first.value.metadata) && typeof first.value.metadata.name === "string" ? first.value.metadata.name : null;
  const why =
    k.listedAs === "patch"
      ? `${k.kustomization} lists it as a patch`
      : `a partial CustomResourceDefinition under ${k.kustomization}, which kustomize merges into the whole one`;
  return {
    object: name,
    at: { line: r.line, column: r.column, endColumn: r.column + "kind".length },
    message: `file is a kustomize patch${name ? ` of ${name}` : ""} (${why}), not a whole CRD: not linted; lint what kustomize builds, e.g. \`kustomize build ${k.dir} | crdlint lint -\``,
  };
}

/** The yaml-go-template message (lint, cost and validate say the same). */
export function goTemplateMessage(file: string): string {
  return `${file === "-" ? "input" : "file"} is a Go/Helm template ({{ ... }}), not YAML: not linted; ${RENDER_HINT}`;
}
