/**
 * The engine's update path: a CRD linted as an update of the OLD CRD the cluster holds (`crdlint diff`,
 * `lint --against`). The create-time Engine (lint.ts) lints NEW as a create; for a CRD with an OLD side it asks for a
 * CrdUpdate, whose `options` (what the apiserver derives from OLD, src/crd/update.ts) its create-time rules read, and
 * which runs the update rules (phase "revision") on the pair. What it needs of the Engine is the UpdateHost.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/registry/customresourcedefinition/strategy.go (ValidateUpdate)
import type { SourceRange } from "../diagnostics/index.js";
import type { LoadedDocument } from "../load/document.js";
import { buildCrdView, isObject, type CrdView } from "../crd/model.js";
import { pairVersions, updateOptions, type OldFindingRules, type UpdateOptions } from "../crd/update.js";
import { releaseHas } from "../k8s/releases.js";
import { Memo } from "../crd/memo.js";
import { servedAsV1 } from "../crd/v1beta1.js";
import { pathInNew } from "../crd/old-place.js";
import { caBundleInvalid } from "../k8s/ca-bundle.js";
import { schemaUnprunedDefaults } from "../values/prune-defaults.js";
import type { EngineServices, Report, RevisionContext, RevisionReport, Rule } from "../rules/define-rule.js";
import type { RawDiagnostic } from "./lint.js";

/** One CRD of the OLD side, as loaded (`crdlint diff`, `lint --against`). */
export interface OldCrd {
  raw: Record<string, unknown>;
  document: LoadedDocument;
  /** How the output names OLD's file (`<ref>:<path>` for a git ref). */
  file: string;
  /**
   * OLD's file exists only at a git ref, where a pull request cannot show it: findings about what only OLD has are
   * placed at the nearest node NEW still has, with OLD's place (`<ref>:<path>:<line>`) in the message.
   */
  showInNew?: boolean;
  /** OLD's status.storedVersions for this CRD as the user gave it (--stored-versions NAME=..., --stored-versions-from). */
  storedVersions?: readonly string[];
}

/** What turns a lint of NEW into a lint of an update: the OLD CRD of each CRD, by metadata.name. */
export interface UpdateInput {
  /** OLD's CRD named `name` (NEW's `document`), or undefined when it is new. */
  old(name: string, document: LoadedDocument): OldCrd | undefined;
  /** --stored-versions: OLD's status.storedVersions, overriding OLD's status and the A27 assumption. */
  storedVersions?: readonly string[];
}

/** What the update path needs of the create-time engine. */
export interface UpdateHost {
  readonly minor: number;
  readonly services: EngineServices;
  /** The update rules (phase "revision") the engine runs, in order. */
  readonly updateRules: readonly Rule[];
  /** The rules whose findings on OLD drop a requirement of the update (the structural phase's: A19; the rest by metadata). */
  readonly oldFindingRules: OldFindingRules;
  /** OLD linted as a create with the same rules (what OLD's helpers in validationOptions find). */
  lintOld(document: LoadedDocument, raw: Record<string, unknown>, file: string): RawDiagnostic[];
  /** The report with its message text (resolved inside the rule's guard). */
  resolve(rule: Rule, report: Report): Report;
  /** Runs a rule; a rule that throws is reported as crdlint's internal error. */
  guard(rule: Rule, fn: () => void, sink: RawDiagnostic[], document: LoadedDocument, object: string | null): void;
}

/** One CRD's update: OLD as the cluster holds it, the options it gives the apiserver's update validation, and the update rules' run. */
export class CrdUpdate {
  /** What the apiserver derives from OLD for NEW's create-time checks (`validationOptions`). */
  readonly options: UpdateOptions;
  /** OLD written in apiextensions.k8s.io/v1beta1 is compared as the cluster holds it, in v1. */
  private readonly oldRaw: Record<string, unknown>;
  private readonly oldView: CrdView;
  private readonly oldMemo = new Memo();
  /** The apiserver rules that fire when OLD is linted as a create: computed on first use. */
  private fired: Set<string> | null = null;

  constructor(
    private readonly host: UpdateHost,
    private readonly old: OldCrd,
    private readonly storedVersions: readonly string[] | undefined,
    next: CrdView,
  ) {
    this.oldRaw = servedAsV1(old.raw);
    this.oldView = buildCrdView(this.oldRaw);
    this.options = this.optionsFor(next);
  }

  /** The update rules on NEW (`memo`: NEW's, which its create-time rules filled). */
  check(next: CrdView, memo: Memo, document: LoadedDocument, object: string | null): RawDiagnostic[] {
    return this.runUpdateRules(next, memo, this.options, document, object);
  }

  /**
   * NEW written in apiextensions.k8s.io/v1beta1: a release that still serves v1beta1 (up to 1.21) judges an update of
   * it in the v1 form it converts it to. The update rules compare that form (the create-time rules are v1's and do not
   * run), so an Istio 1.5 to 1.4 downgrade that drops a stored version is reported, not passed.
   */
  checkServedAsV1(raw: Record<string, unknown>, document: LoadedDocument, object: string | null): RawDiagnostic[] {
    if (releaseHas(this.host.minor, "v1beta1Removed")) return [];
    const next = buildCrdView(servedAsV1(raw));
    return this.runUpdateRules(next, new Memo(), this.optionsFor(next), document, object);
  }

  private optionsFor(next: CrdView): UpdateOptions {
    return updateOptions(
      {
        old: this.oldView,
        next,
        storedVersions: this.storedVersions,
        oldFires: (ids) => ids.some((id) => this.firedOnOld().has(id)),
        caBundleInvalid,
        oldHasUnprunedDefaults: () => this.oldView.schemas.some((sc) => schemaUnprunedDefaults(sc.root) === "unpruned"),
      },
      this.host.oldFindingRules,
    );
  }

  private firedOnOld(): ReadonlySet<string> {
    return (this.fired ??= new Set(
      this.host
        .lintOld(this.old.document, this.oldRaw, this.old.file)
        .filter((d) => d.rule.apiserver)
        .map((d) => d.rule.id),
    ));
  }

  private runUpdateRules(
    crd: CrdView,
    memo: Memo,
    update: UpdateOptions,
    document: LoadedDocument,
    object: string | null,
  ): RawDiagnostic[] {
    const { host, old } = this;
    const out: RawDiagnostic[] = [];
    const versions = pairVersions(this.oldView, crd);
    for (const rule of host.updateRules) {
      if (!rule.checkRevision) continue;
      const ctx: RevisionContext = {
        crd,
        old: this.oldView,
        update,
        versions,
        minor: host.minor,
        services: host.services,
        memo,
        oldMemo: this.oldMemo,
        report: (r: RevisionReport) => {
          const inOld = r.inOld === true;
          const assumed = assumptionText(update, r.assumes ?? []);
          const withAssumptions = assumed ? { ...r, detail: r.detail ? `${assumed}\n${r.detail}` : assumed } : r;
          const report = host.resolve(rule, withAssumptions);
          const shown = inOld && old.showInNew;
          out.push({
            rule,
            report,
            document: inOld && !shown ? old.document : document,
            file: inOld && !shown ? old.file : undefined,
            ...(shown
              ? { shownInNew: shownInNew(report.path.written.toDocumentPath(), old, this.oldRaw, document) }
              : {}),
            object,
            phase: "revision",
            revision: r,
            update: true,
          });
        },
      };
      host.guard(rule, () => rule.checkRevision!(ctx), out, document, object);
    }
    return out;
  }
}

/** What a verdict assumed about OLD, said in the diagnostic's detail (OLD without a status). */
function assumptionText(update: UpdateOptions, assumes: readonly string[]): string {
  const lines: string[] = [];
  if (assumes.includes("storedVersions") && update.storedVersions.source === "assumed")
    lines.push(
      `assumes OLD's status.storedVersions is [${update.storedVersions.versions.join(", ")}]: OLD has no status, and the apiserver always lists the storage version (--stored-versions gives the cluster's list)`,
    );
  if (assumes.includes("established") && update.established.source === "assumed")
    lines.push("assumes OLD is Established: OLD has no status, and a CRD that was applied and served is");
  return lines.join("\n");
}

/**
 * A finding about a node only OLD has, shown in NEW (OLD is at a git ref, which a pull request does not show): at the
 * first line of the nearest node NEW still has (a removed version: NEW's `versions:` key), OLD's place in the message.
 */
function shownInNew(
  oldPath: readonly (string | number)[],
  old: OldCrd,
  oldAsV1: Record<string, unknown>,
  document: LoadedDocument,
): { range: SourceRange; oldPlace: string } {
  const at = old.document.locate(oldPath).start;
  const next = isObject(document.value) ? servedAsV1(document.value) : {};
  const path = pathInNew(oldPath, oldAsV1, next);
  const r = document.locate(path);
  const last = path[path.length - 1];
  const width = typeof last === "string" ? last.length : 1;
  return {
    range: { start: r.start, end: { line: r.start.line, column: r.start.column + width } },
    oldPlace: `${old.file}:${at.line}`,
  };
}
