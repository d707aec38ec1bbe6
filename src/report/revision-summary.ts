/**
 * The end of a revision report (`crdlint diff`, `lint --against`): each CRD with its worst grade and its changes
 * counted by effect, and one verdict line that says whether the apiserver accepts the update and what it breaks.
 * Computed from the diagnostics alone (their `effect`, `operation` and `object`), so every formatter tells the same.
 */
import type { Diagnostic, Severity } from "../diagnostics/index.js";

/** What a finding of an update does, as the summary counts it: a revision effect, or `rejected` for the apiserver's errors. */
export type SummaryEffect =
  "rejected" | "data-lost" | "objects-fail" | "clients-break" | "migration-needed" | "behaviour-changed" | "none";

/** The effects, worst first. */
export const EFFECT_ORDER: readonly SummaryEffect[] = [
  "rejected",
  "data-lost",
  "objects-fail",
  "clients-break",
  "migration-needed",
  "behaviour-changed",
  "none",
];

export interface CrdRevisionSummary {
  /** metadata.name, or the file when a finding names no CRD. */
  crd: string;
  worst: Severity;
  findings: number;
  /** Findings by effect (only those present). */
  effects: Partial<Record<SummaryEffect, number>>;
  /** objects-fail findings that ratcheting softens (unchanged values pass; graded warning). */
  ratcheted: number;
}

export interface RevisionVerdict {
  crds: CrdRevisionSummary[];
  /** The apiserver refuses the update of at least one CRD. */
  rejected: boolean;
  line: string;
}

/** Whether a diagnostic belongs to the update's report: a revision finding, or the apiserver's verdict on the update. */
export function isRevisionFinding(d: Diagnostic): boolean {
  return d.category === "revision" || d.operation === "update";
}

/** The summary's row for what `--objects` found on replayed objects: they are objects, not changes of a CRD. */
export const REPLAYED_OBJECTS = "objects replayed (--objects)";

function isReplayed(d: Diagnostic): boolean {
  return d.rule === "revision-object-read-changed" || d.rule === "revision-object-invalid";
}

function effectOf(d: Diagnostic): SummaryEffect {
  if (d.effect && (EFFECT_ORDER as readonly string[]).includes(d.effect)) return d.effect as SummaryEffect;
  // The apiserver's own errors on the update carry no effect: an error refuses it, a warning is sent with it.
  return d.apiserver && d.severity === "error" ? "rejected" : "behaviour-changed";
}

const rank: Record<Severity, number> = { error: 2, warning: 1, info: 0 };

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The words a count of one effect reads as, in the verdict line and the per-CRD summary. */
export function effectWords(effect: SummaryEffect, n: number): string {
  switch (effect) {
    case "rejected":
      return `${plural(n, "error", "errors")} the apiserver rejects`;
    case "data-lost":
      return `${plural(n, "change loses", "changes lose")} stored data`;
    case "objects-fail":
      return `${plural(n, "change makes", "changes make")} existing objects fail`;
    case "clients-break":
      return `${plural(n, "change breaks", "changes break")} clients`;
    case "migration-needed":
      return `${plural(n, "change needs", "changes need")} a storage migration`;
    case "behaviour-changed":
      return `${plural(n, "visible change", "visible changes")}`;
    case "none":
      return `${plural(n, "change", "changes")} for the record`;
  }
}

/** Per-CRD summaries (worst first, then by name) and the verdict, from a report's diagnostics. */
export function revisionVerdict(
  diagnostics: readonly Diagnostic[],
  crdCount: number,
  errorsOnly = false,
): RevisionVerdict {
  const byCrd = new Map<string, CrdRevisionSummary>();
  for (const d of diagnostics) {
    if (!isRevisionFinding(d)) continue;
    const key = isReplayed(d) ? REPLAYED_OBJECTS : (d.object ?? d.file);
    const s = byCrd.get(key) ?? { crd: key, worst: "info" as Severity, findings: 0, effects: {}, ratcheted: 0 };
    const e = effectOf(d);
    s.findings++;
    s.effects[e] = (s.effects[e] ?? 0) + 1;
    if (e === "objects-fail" && d.severity !== "error") s.ratcheted++;
    if (rank[d.severity] > rank[s.worst]) s.worst = d.severity;
    byCrd.set(key, s);
  }
  const crds = [...byCrd.values()].sort(
    (a, b) => rank[b.worst] - rank[a.worst] || (a.crd < b.crd ? -1 : a.crd > b.crd ? 1 : 0),
  );
  const total: Partial<Record<SummaryEffect, number>> = {};
  let ratcheted = 0;
  const replayed = byCrd.get(REPLAYED_OBJECTS);
  for (const s of crds) {
    if (s === replayed) continue;
    for (const [e, n] of Object.entries(s.effects) as [SummaryEffect, number][]) total[e] = (total[e] ?? 0) + n;
    ratcheted += s.ratcheted;
  }
  const rejectedCrds = crds.filter((s) => (s.effects.rejected ?? 0) > 0).length;
  const rejected = rejectedCrds > 0;
  const head = rejected
    ? `the apiserver rejects this update (${plural(rejectedCrds, "CRD", "CRDs")}: ${plural(total.rejected!, "error", "errors")})`
    : "the apiserver accepts this update";
  const parts: string[] = [];
  for (const e of EFFECT_ORDER) {
    const n = total[e];
    if (!n || e === "rejected" || e === "behaviour-changed" || e === "none") continue;
    parts.push(
      e === "objects-fail" && ratcheted > 0
        ? `${effectWords(e, n)} (${ratcheted === n ? "all" : ratcheted} only when the value changes)`
        : effectWords(e, n),
    );
  }
  const infos = (total["behaviour-changed"] ?? 0) + (total.none ?? 0);
  if (infos > 0) parts.push(`${infos} for information`);
  const failing = replayed ? (replayed.effects["objects-fail"] ?? 0) + (replayed.effects["data-lost"] ?? 0) : 0;
  const replayedText = replayed
    ? `; replayed objects: ${plural(replayed.findings, "finding", "findings")}${failing ? ` (${failing === 1 ? "1 fails or loses data" : `${failing} fail or lose data`})` : ""}`
    : "";
  const changedCrds = crds.length - (replayed ? 1 : 0);
  const unchanged = Math.max(0, crdCount - changedCrds);
  // -q shows errors only: warnings were dropped before the formatter, so "nothing breaks" would not be known.
  const rest = parts.length
    ? parts.join(", ")
    : rejected
      ? ""
      : errorsOnly
        ? "no change is graded an error"
        : "nothing breaks";
  const tail = errorsOnly
    ? " (-q: errors only)"
    : unchanged > 0 && changedCrds > 0
      ? ` (${plural(unchanged, "other CRD", "other CRDs")} without findings)`
      : "";
  return { crds, rejected, line: `verdict: ${head}${rest ? `; ${rest}` : ""}${replayedText}${tail}` };
}

/** Short labels of the effects in the per-CRD counts. */
export const EFFECT_LABEL: Readonly<Record<SummaryEffect, string>> = {
  rejected: "rejected",
  "data-lost": "data lost",
  "objects-fail": "objects fail",
  "clients-break": "clients break",
  "migration-needed": "migration needed",
  "behaviour-changed": "visible change",
  none: "no effect",
};

/** `3 findings: 2 objects-fail (2 ratcheted), 1 behaviour-changed`: one CRD's counts by effect, worst first. */
export function crdCounts(s: CrdRevisionSummary): string {
  const parts = EFFECT_ORDER.filter((e) => s.effects[e]).map(
    (e) =>
      `${s.effects[e]} ${EFFECT_LABEL[e]}${e === "objects-fail" && s.ratcheted ? ` (${s.ratcheted} ratcheted)` : ""}`,
  );
  return `${plural(s.findings, "finding", "findings")}: ${parts.join(", ")}`;
}

/**
 * The files whose findings must name their CRD to be placed: those the run says hold several CRDs (NEW's bundles),
 * and those whose findings come from several documents or a later one (OLD's files, results built by a caller).
 */
export function filesWithSeveralDocuments(
  diagnostics: readonly Diagnostic[],
  bundles: readonly string[] = [],
): Set<string> {
  const docs = new Map<string, Set<number>>();
  for (const d of diagnostics) {
    const s = docs.get(d.file) ?? new Set<number>();
    s.add(d.document);
    docs.set(d.file, s);
  }
  return new Set([...bundles, ...[...docs].filter(([, s]) => s.size > 1 || [...s].some((n) => n > 0)).map(([f]) => f)]);
}
