/**
 * `--format markdown`: a report to paste into a pull-request comment (GitHub-flavoured Markdown). One table per CRD
 * (findings that name no CRD grouped by file), worst first, the counts, and for a revision report (`diff`,
 * `lint --against`) the summary per CRD and the verdict line first, since a reviewer reads the top of a comment. The
 * tables stop before GitHub's comment size limit, saying how many findings they leave out.
 */
import type { Diagnostic } from "../../diagnostics/index.js";
import { apiserverLine, inlineValue, type Formatter } from "../types.js";
import {
  EFFECT_LABEL,
  crdCounts,
  isRevisionFinding,
  revisionVerdict,
  type SummaryEffect,
} from "../revision-summary.js";
import { describeKubernetesRelease } from "../../k8s/version.js";

/** Rows shown per CRD: a comment has a size limit (65,536 characters on GitHub), and the JSON report has them all. */
const MAX_ROWS_PER_CRD = 50;
/** Characters of tables at most, below GitHub's limit of 65,536 for a comment with room for what follows. */
const MAX_TABLE_CHARACTERS = 55_000;
const RANK: Record<Diagnostic["severity"], number> = { error: 0, warning: 1, info: 2 };
/** Longest message in a cell. */
const MAX_CELL = 400;

/**
 * A table cell: pipes escaped (GitHub needs it inside code spans too), line breaks as <br>, and `<` outside code
 * spans as an entity so that `<name>` is not read as an HTML tag (inside a code span it is shown as written).
 */
function cell(text: string): string {
  const escaped = inlineValue(text, MAX_CELL)
    .split("`")
    .map((part, i) => (i % 2 === 0 ? part.replace(/</g, "&lt;") : part))
    .join("`");
  return escaped.replace(/\|/g, "\\|").replace(/\r?\n/g, "<br>");
}

/** Inline code that survives backticks inside the text. */
function code(text: string): string {
  const fence = text.includes("`") ? "``" : "`";
  return `${fence}${text.includes("`") ? ` ${text} ` : text}${fence}`;
}

const SEVERITY: Record<Diagnostic["severity"], string> = { error: "🔴 error", warning: "🟡 warning", info: "🔵 info" };

function message(d: Diagnostic): string {
  // A revision message names its field as a reader writes it (spec.rules[*].name); the schema path is in JSON.
  if (d.category === "revision") return d.message;
  return d.apiserver ? apiserverLine(d) : d.field ? `${d.field}: ${d.message}` : d.message;
}

export const markdown: Formatter = (result, ctx) => {
  const out: string[] = [];
  const s = result.summary;
  const revision = ctx.revision === true;
  out.push(
    `### crdlint${revision ? ": CRD update" : ""} (Kubernetes ${describeKubernetesRelease(result.kubernetesVersion)})`,
    "",
  );
  const verdict = revision ? revisionVerdict(result.diagnostics, s.crds, ctx.errorsOnly === true) : null;
  if (verdict) {
    out.push(`**${verdict.line}**`, "");
    if (verdict.crds.length > 0) {
      out.push("| CRD | worst | findings |", "|---|---|---|");
      for (const x of verdict.crds) out.push(`| ${code(x.crd)} | ${SEVERITY[x.worst]} | ${cell(crdCounts(x))} |`);
      out.push("");
    }
  }
  // One table per CRD, in the report's order (files, then position).
  const groups = new Map<string, { title: string; files: Set<string>; rows: Diagnostic[] }>();
  for (const d of result.diagnostics) {
    const key = d.object ? `crd\0${d.object}` : `file\0${d.file}`;
    const g = groups.get(key) ?? { title: d.object ?? d.file, files: new Set<string>(), rows: [] };
    g.files.add(d.file);
    g.rows.push(d);
    groups.set(key, g);
  }
  // The worst first, in a CRD's table and among the tables: a reviewer reads a comment from the top.
  const worst = (g: { rows: Diagnostic[] }): number => Math.min(...g.rows.map((d) => RANK[d.severity]));
  const ordered = [...groups.values()].sort((a, b) => worst(a) - worst(b));
  let budget = MAX_TABLE_CHARACTERS;
  let left = 0;
  for (const g of ordered) {
    if (budget <= 0) {
      left += g.rows.length;
      continue;
    }
    g.rows.sort((a, b) => RANK[a.severity] - RANK[b.severity]);
    const named = g.rows[0]!.object !== null;
    out.push(`#### ${code(g.title)}`, "", ...(named ? [`in ${[...g.files].map(code).join(", ")}`, ""] : []));
    const withEffect = g.rows.some((d) => d.effect !== undefined || isRevisionFinding(d));
    out.push(
      withEffect ? "| severity | effect | line | finding | rule |" : "| severity | line | finding | rule |",
      withEffect ? "|---|---|---|---|---|" : "|---|---|---|---|",
    );
    let shownRows = 0;
    for (const d of g.rows) {
      if (shownRows === MAX_ROWS_PER_CRD || budget <= 0) break;
      const where = g.files.size > 1 ? `${code(d.file)}:${d.line}` : String(d.line);
      const effect = d.effect
        ? (EFFECT_LABEL[d.effect as SummaryEffect] ?? d.effect)
        : d.operation === "update"
          ? "apiserver"
          : "";
      const cells = [SEVERITY[d.severity], ...(withEffect ? [effect] : []), where, cell(message(d)), code(d.rule)];
      const row = `| ${cells.join(" | ")} |`;
      out.push(row);
      budget -= row.length + 1;
      shownRows++;
    }
    if (g.rows.length > shownRows)
      out.push("", `… and ${g.rows.length - shownRows} more of this CRD (\`--format json\` has them all)`);
    out.push("");
  }
  if (left > 0)
    out.push(
      `… and ${left} more finding${left === 1 ? "" : "s"} of other CRDs, left out to fit a comment (\`--format json\` has them all)`,
      "",
    );
  const problems = s.errors + s.warnings + s.infos;
  const counts = `${s.files} file${s.files === 1 ? "" : "s"}, ${s.crds} CRD${s.crds === 1 ? "" : "s"}`;
  out.push(
    problems === 0
      ? `✔ no problems (${counts})`
      : `${s.errors ? "✖" : "⚠"} ${problems} problem${problems === 1 ? "" : "s"} (${s.errors} error${s.errors === 1 ? "" : "s"}, ${s.warnings} warning${s.warnings === 1 ? "" : "s"}${s.infos ? `, ${s.infos} info` : ""}) in ${counts}`,
  );
  const hidden = s.suppressedApiserverErrors ?? 0;
  if (hidden > 0)
    out.push(
      "",
      `> ${hidden} apiserver error${hidden === 1 ? "" : "s"} suppressed by crdlint-disable comments or annotations: the cluster still rejects ${hidden === 1 ? "that CRD" : "those CRDs"}`,
    );
  return out.join("\n").replace(/\n{3,}/g, "\n\n") + "\n";
};
