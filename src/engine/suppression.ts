/**
 * Which diagnostics the user suppressed (disable comments and blocks, the CRD's crdlint.io/disable annotation), which
 * directives name a rule crdlint does not have, and which suppressed nothing, as ESLint reports them.
 */
import type { Diagnostic } from "../diagnostics/index.js";
import type { DisableDirective } from "../load/directives.js";
import { closest } from "../config/suggest.js";
import type { EngineCode } from "./codes.js";

export const UNKNOWN_RULE_IN_DIRECTIVE = "disable-directive-unknown-rule" satisfies EngineCode;
export const UNUSED_DIRECTIVE = "disable-directive-unused" satisfies EngineCode;

/** The CRD's `crdlint.io/disable` annotation: rule ids (or `all`) for every diagnostic of that document. */
export interface AnnotationDisable {
  document: number;
  ids: Set<string>;
  line: number;
  column: number;
  /**
   * For a CRD that is an item of a list (`kubectl get crd -o yaml`): its name and lines, so that the annotation covers
   * that item's diagnostics (and the loader's findings on its lines), not its neighbours'.
   */
  item?: { object: string | null; startLine: number; endLine: number };
}

export interface SuppressionFinding {
  rule: typeof UNKNOWN_RULE_IN_DIRECTIVE | typeof UNUSED_DIRECTIVE;
  line: number;
  column: number;
  endColumn: number;
  message: string;
  suggestion?: string;
  /** The YAML document, where the finding knows it (an annotation); else the engine finds it by line. */
  document?: number;
}

export class Suppressions {
  /** `directive index` or `directive index\0rule id` of every directive entry that suppressed something. */
  private readonly used = new Set<string>();
  private readonly byTarget = new Map<number, number[]>();
  /** `crdlint-disable` blocks: lines [from, to) where `rule` (null: every rule) is off, and the directive that opened it. */
  private readonly blocks: { from: number; to: number; rule: string | null; directive: number }[] = [];
  private readonly annotations: AnnotationDisable[] = [];
  /** apiserver errors hidden by a suppression: the cluster still rejects the CRD, the summary says so. */
  suppressedApiserverErrors = 0;

  constructor(
    private readonly directives: readonly DisableDirective[],
    annotations: readonly AnnotationDisable[],
    private readonly ruleIds: ReadonlySet<string>,
  ) {
    const open = new Map<string | null, { from: number; directive: number }>();
    const close = (rule: string | null, to: number) => {
      const o = open.get(rule);
      if (o) this.blocks.push({ from: o.from, to, rule, directive: o.directive });
      open.delete(rule);
    };
    directives.forEach((d, i) => {
      if (d.kind === "disable-line" || d.kind === "disable-next-line")
        this.byTarget.set(d.target, [...(this.byTarget.get(d.target) ?? []), i]);
      else if (d.kind === "disable") {
        for (const rule of d.rules.length ? d.rules.map((r) => r.id) : [null])
          if (!open.has(rule)) open.set(rule, { from: d.line, directive: i });
      } else if (d.rules.length === 0) for (const rule of [...open.keys()]) close(rule, d.line);
      else for (const r of d.rules) close(r.id, d.line);
    });
    for (const rule of [...open.keys()]) close(rule, Infinity);
    // The last annotation of a document wins, as before lists were read item by item; items each keep their own.
    for (const a of annotations) {
      const same = this.annotations.findIndex(
        (b) => b.document === a.document && b.item === undefined && a.item === undefined,
      );
      if (same >= 0) this.annotations[same] = a;
      else this.annotations.push(a);
    }
  }

  suppresses(d: Diagnostic): boolean {
    let hit = false;
    const covers = (a: AnnotationDisable): boolean =>
      a.document === d.document &&
      (a.item === undefined ||
        (d.object !== null ? d.object === a.item.object : a.item.startLine <= d.line && d.line <= a.item.endLine));
    if (this.annotations.some((a) => covers(a) && (a.ids.has(d.rule) || a.ids.has("all")))) hit = true;
    for (const i of this.byTarget.get(d.line) ?? []) {
      const directive = this.directives[i]!;
      if (directive.rules.length === 0) {
        this.used.add(String(i));
        hit = true;
      } else if (directive.rules.some((r) => r.id === d.rule)) {
        this.used.add(`${i}\0${d.rule}`);
        hit = true;
      }
    }
    for (const b of this.blocks) {
      if (d.line < b.from || d.line >= b.to || (b.rule !== null && b.rule !== d.rule)) continue;
      this.used.add(b.rule === null ? String(b.directive) : `${b.directive}\0${b.rule}`);
      hit = true;
    }
    if (hit && d.apiserver && d.severity === "error") this.suppressedApiserverErrors++;
    return hit;
  }

  /** Unknown rule ids always; directives that suppressed nothing when `reportUnused`. Call after every `suppresses`. */
  findings(reportUnused: boolean): SuppressionFinding[] {
    const out: SuppressionFinding[] = [];
    this.directives.forEach((d, i) => {
      const comment = `crdlint-${d.kind}`;
      // An enable comment suppresses nothing itself: only its rule ids are checked.
      const reportsUnused = reportUnused && d.kind !== "enable";
      const where = d.kind === "disable" ? "after it" : `on line ${d.target}`;
      if (d.rules.length === 0) {
        if (reportsUnused && !this.used.has(String(i)))
          out.push({
            rule: UNUSED_DIRECTIVE,
            line: d.line,
            column: d.column,
            endColumn: d.endColumn,
            message: `unused ${comment} directive (no problems were reported ${where})`,
          });
        return;
      }
      for (const r of d.rules) {
        if (!this.ruleIds.has(r.id))
          out.push({
            rule: UNKNOWN_RULE_IN_DIRECTIVE,
            line: r.line,
            column: r.column,
            endColumn: r.column + r.id.length,
            message: `unknown rule "${r.id}" in ${comment} (crdlint rules lists the rule ids)`,
            ...this.didYouMean(r.id),
          });
        else if (reportsUnused && !this.used.has(`${i}\0${r.id}`))
          out.push({
            rule: UNUSED_DIRECTIVE,
            line: r.line,
            column: r.column,
            endColumn: r.column + r.id.length,
            message: `unused ${comment} directive (no problems were reported from "${r.id}" ${where})`,
          });
      }
    });
    for (const a of this.annotations)
      for (const id of a.ids)
        if (id !== "all" && !this.ruleIds.has(id))
          out.push({
            rule: UNKNOWN_RULE_IN_DIRECTIVE,
            document: a.document,
            line: a.line,
            column: a.column,
            endColumn: a.column,
            message: `unknown rule "${id}" in the crdlint.io/disable annotation (crdlint rules lists the rule ids)`,
            ...this.didYouMean(id),
          });
    return out;
  }

  private didYouMean(id: string): { suggestion?: string } {
    const hit = closest(id, [...this.ruleIds]);
    return hit ? { suggestion: `did you mean ${hit}?` } : {};
  }
}
