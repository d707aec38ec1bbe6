/** The linter core: text in, diagnostics out. No file system, no process: the CLI and lintFiles wrap it. */
import { buildDiagnostic, shortenMessage, type ConfiguredSeverity, type Diagnostic, type ErrorType, type Severity } from "../diagnostics/index.js";
import { loadText, type LoadedDocument, type LoadProblem } from "../load/document.js";
import { createFastLoader, type FastLoader } from "../load/fast-load.js";
import { goTemplateAction, RENDER_HINT } from "../load/template.js";
import { buildCrdView, isCrd, isObject, type CrdView, type SchemaScope } from "../crd/model.js";
import { walkSchema, type SchemaNode } from "../crd/schema.js";
import { DEFAULT_PRESET, defineEngineRule, inPreset, reportMessage, type Effect, type EngineServices, type Preset, type Phase, type Report, type RevisionContext, type RevisionReport, type Rule, type RuleContext, type SchemaContext } from "../rules/define-rule.js";
import { pairVersions, structuralSchemaRequired, updateOptions, type UpdateOptions } from "../crd/revision.js";
import { caBundleInvalid } from "../k8s/ca-bundle.js";
import { renderValue } from "../k8s/validation.js";
import { DualPath, FieldPath } from "../k8s/path.js";
import { loadServices } from "./services.js";
import { StructuralState } from "../crd/structural.js";
import { Memo } from "../crd/memo.js";
import { servedAsV1 } from "../crd/v1beta1.js";
import { explainCost, schemaCosts, type ExpressionCost, type SchemaCosts } from "../rules/cel-cost/schema-costs.js";
import type { SuggestResult } from "../cel/suggest.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS } from "../k8s/feature-gates.js";
import { Suppressions, UNUSED_DIRECTIVE, type AnnotationDisable } from "./suppression.js";

export const DISABLE_ANNOTATION = "crdlint.io/disable";

/** Where a whole-file diagnostic (size limit, binary file) points. */
const FILE_START = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };

export interface EngineOptions {
  /** Target Kubernetes minor (1.N). */
  minor: number;
  /** Per-rule severity overrides from configuration. */
  ruleSeverity?: Record<string, ConfiguredSeverity>;
  /** The rule set whose rules are on unless `ruleSeverity` says otherwise (default: recommended). */
  preset?: Preset;
  /** The cost API: receives every schema's CEL cost estimate (or why there is none), for `crdlint cost`. */
  onSchemaCost?: (result: SchemaCostResult) => void;
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
}

interface RawDiagnostic {
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
}

/** One CRD of the OLD side, as loaded (`crdlint diff`, `lint --against`). */
export interface OldRevision {
  raw: Record<string, unknown>;
  document: LoadedDocument;
  /** How the output names OLD's file (`<ref>:<path>` for a git ref). */
  file: string;
}

/** What turns a lint of NEW into a lint of an update: the OLD revision of each CRD, by metadata.name. */
export interface RevisionInput {
  /** OLD's revision of the CRD named `name` (NEW's `document`), or undefined when it is new. */
  old(name: string, document: LoadedDocument): OldRevision | undefined;
  /** --stored-versions: OLD's status.storedVersions, overriding OLD's status and the A27 assumption. */
  storedVersions?: readonly string[];
}

/** Severity by effect (docs/revisions.md); configuration overrides it per rule. */
export function severityOfEffect(effect: Effect, ratcheted: boolean): Severity {
  switch (effect) {
    case "rejected":
    case "data-lost":
      return "error";
    case "objects-fail":
      return ratcheted ? "warning" : "error";
    case "clients-break":
    case "migration-needed":
      return "warning";
    default:
      return "info";
  }
}

const SCHEMA_PHASES: Phase[] = ["structural", "walk", "defaults", "cel", "final"];

export interface Linter {
  readonly rules: readonly Rule[];
  readonly minor: number;
  /** A worker thread can build the same engine from plain data: no callback receives cost results. */
  readonly replicable: boolean;
  /** Lints NEW; with `revision`, each CRD that has an OLD revision is linted as an update of it. */
  lintText(text: string, file: string, revision?: RevisionInput): TextResult;
  /** Loads a text as lint does (the fast loader, else the full one), for the OLD side of a revision. */
  load(text: string): import("../load/document.js").LoadedText;
  /** A diagnostic for a problem found before parsing (size limit, binary file). */
  fileDiagnostic(file: string, rule: string, message: string): Diagnostic;
  /** The rule's configured severity, or `fallback`. */
  severityFor(ruleId: string, fallback: Severity): ConfiguredSeverity;
}

export async function createLinter(rules: readonly Rule[], options: EngineOptions): Promise<Linter> {
  const services = await loadServices(options.minor);
  return new Engine(rules, options, services);
}

class Engine implements Linter {
  private readonly byId = new Map<string, Rule>();
  private readonly ruleIds: ReadonlySet<string>;
  private readonly active: Rule[];
  private readonly byPhase = new Map<Phase, Rule[]>();
  /** Reads the plain block YAML most CRDs are written in; declines the rest, which the full loader reads. */
  private readonly fastLoader: FastLoader = createFastLoader();

  constructor(
    readonly rules: readonly Rule[],
    private readonly options: EngineOptions,
    private readonly services: EngineServices,
  ) {
    for (const r of rules) this.byId.set(r.id, r);
    this.ruleIds = new Set(this.byId.keys());
    const minor = options.minor;
    // Every apiserver rule runs, whatever the user's severity: the apiserver's gates (structural errors stop CEL)
    // depend on what the apiserver would find, not on what the user wants to see; severity is applied afterwards.
    // Lints gate nothing, so a lint turned off does not run.
    this.active = rules.filter(
      (r) =>
        (r.minMinor === undefined || minor >= r.minMinor) &&
        (r.maxMinor === undefined || minor <= r.maxMinor) &&
        (r.apiserver || this.severityOf(r.id, r.severity) !== "off"),
    );
    for (const p of ["crd", ...SCHEMA_PHASES, "revision"] as Phase[]) this.byPhase.set(p, this.active.filter((r) => r.phase === p));
  }

  get minor(): number {
    return this.options.minor;
  }

  get replicable(): boolean {
    return this.options.onSchemaCost === undefined;
  }

  fileDiagnostic(file: string, ruleId: string, message: string): Diagnostic {
    const rule = this.byId.get(ruleId);
    return buildDiagnostic({
      file,
      document: 0,
      object: null,
      range: FILE_START,
      rule: ruleId,
      category: rule?.category ?? "yaml",
      severity: this.severityOf(ruleId, rule?.severity ?? "error") as Severity,
      apiserver: false,
      field: null,
      type: null,
      message,
    });
  }

  severityFor(ruleId: string, fallback: Severity): ConfiguredSeverity {
    return this.severityOf(ruleId, fallback);
  }

  private severityOf(ruleId: string, fallback: Severity): ConfiguredSeverity {
    const configured = this.options.ruleSeverity?.[ruleId];
    if (configured) return configured;
    const rule = this.byId.get(ruleId);
    return rule && !inPreset(rule, this.options.preset ?? DEFAULT_PRESET) ? "off" : fallback;
  }

  load(text: string): import("../load/document.js").LoadedText {
    return this.fastLoader.load(text) ?? loadText(text);
  }

  lintText(text: string, file: string, revision?: RevisionInput): TextResult {
    const loaded = this.load(text);
    const template = goTemplateAction(text, loaded.problems);
    if (template) return this.templateResult(file, template);
    const out: Diagnostic[] = [];
    const counts: DocumentCounts = { documents: loaded.documents.length, crds: 0, resources: 0, skipped: 0 };
    // The CRD's disable annotation covers its own diagnostics and the loader's findings in it (a duplicate or boolean key).
    const annotations: AnnotationDisable[] = [];
    for (const doc of loaded.documents) {
      if (!isCrd(doc.value)) continue;
      const ids = disabledByAnnotation(doc.value);
      if (ids.size === 0) continue;
      const at = doc.locate(["metadata", "annotations", DISABLE_ANNOTATION]).start;
      annotations.push({ document: doc.index, ids, line: at.line, column: at.column });
    }
    const suppressions = new Suppressions(loaded.directives, annotations, this.ruleIds);
    const suppressed = (d: Diagnostic): boolean => suppressions.suppresses(d);
    for (const p of loaded.problems) {
      // A loader finding of a rule the preset leaves out (yaml-boolean-key under --preset apiserver) is not shown.
      if (this.severityOf(p.rule, this.byId.get(p.rule)?.severity ?? "error") === "off") continue;
      const d = this.problemDiagnostic(file, p);
      if (!suppressed(d)) out.push(d);
    }
    const docsWithProblems = new Set(loaded.problems.map((p) => p.document));
    counts.documents += [...docsWithProblems].filter((i) => !loaded.documents.some((d) => d.index === i)).length;
    for (const doc of loaded.documents) {
      if (!isCrd(doc.value)) {
        if (doc.value !== null && doc.value !== undefined) counts.skipped++;
        else counts.documents--;
        continue;
      }
      counts.crds++;
      const name = isObject(doc.value.metadata) && typeof doc.value.metadata.name === "string" ? doc.value.metadata.name : null;
      const old = revision && name !== null ? revision.old(name, doc) : undefined;
      for (const raw of this.lintCrd(doc, doc.value, file, old ? { old, storedVersions: revision!.storedVersions } : undefined)) {
        const d = this.toDiagnostic(file, raw);
        // A position in OLD: NEW's comments do not cover it, NEW's disable annotation does.
        if (d && !(raw.file !== undefined ? suppressed({ ...d, document: doc.index, line: -1 }) : suppressed(d))) out.push(d);
      }
    }
    for (const f of suppressions.findings(this.severityOf(UNUSED_DIRECTIVE, "warning") !== "off")) {
      const severity = this.severityOf(f.rule, this.byId.get(f.rule)?.severity ?? "warning");
      if (severity === "off") continue;
      const document = f.document ?? loaded.documents.find((d) => d.rangeOfDocument.start.line <= f.line && f.line <= d.rangeOfDocument.end.line)?.index ?? 0;
      out.push({ ...this.fileDiagnostic(file, f.rule, f.message), document, line: f.line, column: f.column, endLine: f.line, endColumn: f.endColumn, severity, ...(f.suggestion ? { suggestion: f.suggestion } : {}) });
    }
    return { diagnostics: out, ...counts, suppressedApiserverErrors: suppressions.suppressedApiserverErrors };
  }

  /** A Go/Helm template: nothing of it is linted, one info says how to lint what it renders to (yaml-go-template). */
  private templateResult(file: string, at: { line: number; column: number }): TextResult {
    const counts = { documents: 0, crds: 0, resources: 0, skipped: 0, suppressedApiserverErrors: 0 };
    const severity = this.severityOf(GO_TEMPLATE_RULE, "info");
    if (severity === "off") return { diagnostics: [], ...counts };
    const d = this.fileDiagnostic(file, GO_TEMPLATE_RULE, goTemplateMessage(file));
    return { diagnostics: [{ ...d, line: at.line, column: at.column, endLine: at.line, endColumn: at.column + 2 }], ...counts };
  }

  private problemDiagnostic(file: string, p: LoadProblem): Diagnostic {
    const rule = this.byId.get(p.rule);
    return buildDiagnostic({
      file,
      document: p.document,
      object: null,
      range: p.range,
      rule: p.rule,
      category: "yaml",
      severity: this.severityOf(p.rule, rule?.severity ?? "error") as Severity,
      apiserver: false,
      field: null,
      type: null,
      message: p.message,
    });
  }

  private toDiagnostic(linted: string, raw: RawDiagnostic): Diagnostic | null {
    const { rule, report, document, revision } = raw;
    const file = raw.file ?? linted;
    const severity = this.severityOf(rule.id, revision ? severityOfEffect(revision.effect, revision.ratcheted === true) : rule.severity);
    if (severity === "off") return null;
    // A revision rule's verdict is the apiserver's only when its effect is a rejection and the rule reproduces the
    // apiserver's own error; a rule that explains the cause of a rejection another rule reports (a loosened bound that
    // puts a CEL rule over its cost limit) grades as rejected without standing for the apiserver's error.
    const apiserver = revision ? revision.effect === "rejected" && rule.apiserver : rule.apiserver;
    const written = report.path.written;
    const docPath = written.toDocumentPath();
    const range =
      (report.offset !== undefined ? document.locateInString(docPath, report.offset) : null) ?? document.locate(docPath);
    const field = written.toString();
    const apiserverField = report.path.apiserver.toString();
    const type: ErrorType | null = apiserver ? (report.type !== undefined ? report.type : rule.type) : (report.type ?? null);
    // Rule messages can embed whole schemas or expressions: cut them for the terminal (the whole text goes to detail).
    return shortenMessage(buildDiagnostic({
      file,
      document: document.index,
      object: raw.object,
      range,
      rule: rule.id,
      category: rule.category,
      severity,
      apiserver,
      field,
      apiserverField,
      type,
      message: report.message ?? "",
      value: report.value !== undefined ? renderValue(report.value) : undefined,
      detail: report.detail,
      suggestion: report.suggestion,
      operation: raw.update && apiserver ? "update" : undefined,
      effect: revision?.effect,
      assumes: revision?.assumes ? [...revision.assumes] : undefined,
      version: revision?.version,
    }));
  }

  private lintCrd(document: LoadedDocument, raw: Record<string, unknown>, file: string, revision?: { old: OldRevision; storedVersions?: readonly string[] }): RawDiagnostic[] {
    const crd = buildCrdView(raw);
    const out: RawDiagnostic[] = [];
    const memo = new Memo();
    const object = crd.name;
    const old = revision ? this.oldSide(revision.old) : null;
    const update = old
      ? updateOptions(
          {
            old: old.view,
            next: crd,
            storedVersions: revision!.storedVersions,
            oldFires: (ids) => ids.some((id) => old.fired().has(id)),
            caBundleInvalid,
          },
          this.structuralRuleIds,
        )
      : undefined;
    const shared: SharedContext = { crd, minor: this.options.minor, services: this.services, memo, ...(update ? { update } : {}) };
    const isUpdate = update !== undefined;
    const makeCtx = (rule: Rule, phase: Phase, sink: RawDiagnostic[]): RuleContext => ({
      ...shared,
      report: (r: Report) => sink.push({ rule, report: resolved(rule, r), document, object, phase, update: isUpdate }),
    });
    if (!crd.apiVersion.endsWith("/v1")) {
      for (const rule of this.byPhase.get("crd")!) if (rule.check && rule.id.startsWith("crd-v1beta1")) this.guard(rule, () => rule.check!(makeCtx(rule, "crd", out)), out, document, object);
      // A release that still serves v1beta1 (up to 1.21) judges an update of it in the v1 form it converts it to: the
      // revision rules compare that form (the create-time rules are v1's and do not run), so an Istio 1.5 to 1.4
      // downgrade that drops a stored version is reported, not passed.
      if (old && this.options.minor < 22) {
        const next = buildCrdView(servedAsV1(raw));
        const nextUpdate = updateOptions(
          { old: old.view, next, storedVersions: revision!.storedVersions, oldFires: (ids) => ids.some((id) => old.fired().has(id)), caBundleInvalid },
          this.structuralRuleIds,
        );
        out.push(...this.lintRevision(next, new Memo(), old, nextUpdate, document, object));
      }
      return out;
    }
    for (const rule of this.byPhase.get("crd")!) if (rule.check) this.guard(rule, () => rule.check!(makeCtx(rule, "crd", out)), out, document, object);
    const structuralRequired = structuralSchemaRequired(update, crd);
    for (const scope of crd.schemas) out.push(...this.lintSchema(scope, shared, document, object, file, isUpdate, structuralRequired));
    if (old && update) out.push(...this.lintRevision(crd, memo, old, update, document, object));
    return out;
  }

  /** Rule ids of the structural phase: OLD failing any of them makes the apiserver allow non-structural NEW (A19). */
  private get structuralRuleIds(): readonly string[] {
    return this.byPhase.get("structural")!.filter((r) => r.apiserver).map((r) => r.id);
  }

  /** OLD's view, memo, and (on first use) the rules that fire when OLD is linted as a create. */
  private oldSide(old: OldRevision): { view: CrdView; memo: Memo; revision: OldRevision; fired(): ReadonlySet<string> } {
    // OLD written in apiextensions.k8s.io/v1beta1 is compared as the cluster holds it, in v1.
    const raw = servedAsV1(old.raw);
    const view = buildCrdView(raw);
    let fired: Set<string> | null = null;
    return {
      view,
      memo: new Memo(),
      revision: old,
      fired: () => (fired ??= new Set(this.lintCrd(old.document, raw, old.file).filter((d) => d.rule.apiserver).map((d) => d.rule.id))),
    };
  }

  private lintRevision(
    crd: CrdView,
    memo: Memo,
    old: { view: CrdView; memo: Memo; revision: OldRevision },
    update: UpdateOptions,
    document: LoadedDocument,
    object: string | null,
  ): RawDiagnostic[] {
    const out: RawDiagnostic[] = [];
    const versions = pairVersions(old.view, crd);
    for (const rule of this.byPhase.get("revision")!) {
      if (!rule.checkRevision) continue;
      const ctx: RevisionContext = {
        crd,
        old: old.view,
        update,
        versions,
        minor: this.options.minor,
        services: this.services,
        memo,
        oldMemo: old.memo,
        report: (r: RevisionReport) => {
          const inOld = r.inOld === true;
          const assumed = assumptionText(update, r.assumes ?? []);
          const withAssumptions = assumed ? { ...r, detail: r.detail ? `${assumed}\n${r.detail}` : assumed } : r;
          out.push({
            rule,
            report: resolved(rule, withAssumptions),
            document: inOld ? old.revision.document : document,
            file: inOld ? old.revision.file : undefined,
            object,
            phase: "revision",
            revision: r,
            update: true,
          });
        },
      };
      this.guard(rule, () => rule.checkRevision!(ctx), out, document, object);
    }
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
  ): RawDiagnostic[] {
    const nodes: SchemaNode[] = [];
    walkSchema(scope, (n) => nodes.push(n));
    const out: RawDiagnostic[] = [];
    const structural = new StructuralState(shared.minor);
    structural.notRequired = !structuralRequired;
    const state: SchemaRunState = { out, dirty: new Set<string>(), errorCount: 0, document, object, scope, nodes, structural, update };
    const schemaCtx = (rule: Rule, phase: Phase): SchemaContext => new SchemaRuleContext(shared, rule, phase, state);
    // Returns the apiserver errors the phase reported.
    const runPhase = (phase: Phase): number => {
      const before = state.errorCount;
      const rules = this.byPhase.get(phase)!;
      if (rules.length === 0) return 0;
      const ctxs = rules.map((r) => schemaCtx(r, phase));
      const visitors = rules.flatMap((rule, i) => (rule.visitNode ? [{ rule, visit: rule.visitNode, ctx: ctxs[i]! }] : []));
      for (const node of nodes)
        for (const v of visitors) {
          // Inline rather than through guard(): this loop runs rules × schema nodes times.
          try {
            v.visit(node, v.ctx);
          } catch (e) {
            this.internalError(v.rule, e, out, document, object);
          }
        }
      for (let i = 0; i < rules.length; i++) {
        const rule = rules[i]!;
        if (rule.checkSchema) this.guard(rule, () => rule.checkSchema!(ctxs[i]!), out, document, object);
      }
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
        const celRules = nodes.reduce((n, node) => n + (Array.isArray(node.schema["x-kubernetes-validations"]) ? node.schema["x-kubernetes-validations"].length : 0), 0);
        if (celRules > 0) onCost({ ...source, estimated: false, celRules, apiserverErrors: state.errorCount });
      } else if (this.options.minor >= CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.onByDefault) {
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
    return out;
  }

  private guard(rule: Rule, fn: () => void, sink: RawDiagnostic[], document: LoadedDocument, object: string | null): void {
    try {
      fn();
    } catch (e) {
      this.internalError(rule, e, sink, document, object);
    }
  }

  /** A rule that throws is a bug in crdlint: say so on this document and keep linting the rest. */
  private internalError(rule: Rule, e: unknown, sink: RawDiagnostic[], document: LoadedDocument, object: string | null): void {
    sink.push({
      rule: this.byId.get("internal-error") ?? rule,
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

/** What a verdict assumed about OLD, said in the diagnostic's detail (OLD without a status). */
function assumptionText(update: UpdateOptions, assumes: readonly string[]): string {
  const lines: string[] = [];
  if (assumes.includes("storedVersions") && update.storedVersions.source === "assumed")
    lines.push(`assumes OLD's status.storedVersions is [${update.storedVersions.versions.join(", ")}]: OLD has no status, and the apiserver always lists the storage version (--stored-versions gives the cluster's list)`);
  if (assumes.includes("established") && update.established.source === "assumed")
    lines.push("assumes OLD is Established: OLD has no status, and a CRD that was applied and served is");
  return lines.join("\n");
}

/** The reporter of the cost API's context: it computes, it never reports. */
const COST_API_RULE: Rule = defineEngineRule({ id: "cel-cost", category: "cel-cost", severity: "error", apiserver: false, type: null, description: "crdlint cost", docs: { fail: "", pass: "" } });

/** What every rule context of one CRD has in common. */
type SharedContext = Omit<RuleContext, "report">;

interface SchemaRunState {
  out: RawDiagnostic[];
  /** Written paths (and their ancestors) where a walk-phase apiserver error was reported. */
  dirty: Set<string>;
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

/** One rule's view of one schema; a class so that every rule sees objects of one shape. */
class SchemaRuleContext implements SchemaContext {
  readonly crd: CrdView;
  readonly minor: number;
  readonly services: EngineServices;
  readonly memo: Memo;
  readonly update?: UpdateOptions;
  readonly scope: SchemaScope;
  readonly nodes: readonly SchemaNode[];
  readonly structural: StructuralState;

  constructor(
    base: SharedContext,
    private readonly rule: Rule,
    private readonly phase: Phase,
    private readonly state: SchemaRunState,
  ) {
    this.crd = base.crd;
    this.minor = base.minor;
    this.services = base.services;
    this.memo = base.memo;
    if (base.update) this.update = base.update;
    this.scope = state.scope;
    this.nodes = state.nodes;
    this.structural = state.structural;
  }

  report(r: Report): void {
    const { rule, phase, state } = this;
    state.out.push({ rule, report: resolved(rule, r), document: state.document, object: state.object, phase, update: state.update });
    if (rule.apiserver) {
      state.errorCount++;
      if ((phase === "walk" || phase === "structural") && !rule.outsideWalk) markDirty(state.dirty, (r.level ?? r.path).written.toString());
    }
  }

  get ruleId(): string {
    return this.rule.id;
  }

  isNodeClean(node: SchemaNode): boolean {
    return this.state.dirty.size === 0 || !this.state.dirty.has(node.path.written.toString());
  }

  get errorCount(): number {
    return this.state.errorCount;
  }
}

/** The report with its message text (a messageId is resolved when reported, so that a wrong id fails inside the rule's guard). */
function resolved(rule: Rule, r: Report): Report {
  return r.messageId === undefined ? r : { ...r, message: reportMessage(rule, r) };
}

function markDirty(dirty: Set<string>, path: string): void {
  // Every ancestor of an error path is "not clean" for the per-node CEL gate.
  dirty.add(path);
  for (let i = path.length - 1; i > 0; i--) {
    const c = path[i];
    if (c === "." || c === "[") dirty.add(path.slice(0, i));
  }
}

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

const GO_TEMPLATE_RULE = "yaml-go-template";

/** The yaml-go-template message (lint, cost and validate say the same). */
export function goTemplateMessage(file: string): string {
  return `${file === "-" ? "input" : "file"} is a Go/Helm template ({{ ... }}), not YAML: not linted; ${RENDER_HINT}`;
}
