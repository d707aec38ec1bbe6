/** `--format text`: grouped by file like ESLint's stylish; a non-structural schema gets one NonStructuralSchema block. */
import { Chalk } from "chalk";
import type { Diagnostic } from "../../diagnostics/index.js";
import { detailLines, diagnosticLine, hiddenSuffix, type Formatter } from "../types.js";
import { crdCounts, filesWithSeveralDocuments, isRevisionFinding, revisionVerdict } from "../revision-summary.js";
import { describeKubernetesRelease, describeReleases } from "../../k8s/version.js";

/** Releases written `1.28`, as minors (the run's releases are all 1.N). */
const minorsOf = (releases: readonly string[]): number[] => releases.map((r) => Number(r.slice(2)));

/** In a run over several releases, the releases a diagnostic holds for: ` (1.28–1.30)`; nothing in a run at one. */
const releasesSuffix = (d: Diagnostic): string => (d.releases ? ` (${describeReleases(minorsOf(d.releases))})` : "");

function schemaRootOf(d: Diagnostic): string {
  const f = d.apiserverField ?? d.field ?? "";
  const m = /^(spec\.validation\.openAPIV3Schema|spec\.versions\[\d+\]\.schema\.openAPIV3Schema)/.exec(f);
  return m ? m[1]! : f;
}

export const text: Formatter = (result, ctx) => {
  const c = new Chalk({ level: ctx.color ? 1 : 0 });
  const nonStructural = new Set(
    ctx.rules.filter((r) => r.nonStructural ?? r.category === "structural").map((r) => r.id),
  );
  const isNonStructural = (d: Diagnostic) => d.apiserver && nonStructural.has(d.rule);
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of result.diagnostics) {
    const list = byFile.get(d.file) ?? [];
    list.push(d);
    byFile.set(d.file, list);
  }
  const sev = (s: Diagnostic["severity"]) =>
    s === "error" ? c.red("error") : s === "warning" ? c.yellow("warning") : c.blue("info");
  const lines: string[] = [];
  // In a file of several CRDs (a bundle) a line number alone does not say which CRD a change is in.
  const bundles = filesWithSeveralDocuments(result.diagnostics, result.bundles);
  const row = (d: Diagnostic, indent = "  ") => {
    const loc = c.dim(`${d.line}:${d.column}`.padEnd(8));
    const named = d.object && isRevisionFinding(d) && bundles.has(d.file) ? `${c.bold(d.object)}: ` : "";
    const text = named + diagnosticLine(d) + releasesSuffix(d);
    lines.push(
      `${indent}${loc} ${sev(d.severity).padEnd(ctx.color ? 17 : 7)} ${text}  ${c.dim(d.rule)}${c.cyan(hiddenSuffix(d))}`,
    );
    for (const l of detailLines(d)) lines.push(`${indent}${" ".repeat(17)}${c.dim(l)}`);
    if (d.suggestion) lines.push(`${indent}${" ".repeat(17)}${c.green("fix:")} ${d.suggestion}`);
  };
  for (const [file, diags] of byFile) {
    lines.push(c.underline(file));
    // One NonStructuralSchema block per schema, as the apiserver sets one condition per CRD.
    const blocks = new Map<string, Diagnostic[]>();
    for (const d of diags) {
      if (!isNonStructural(d)) continue;
      const key = `${d.document}\0${schemaRootOf(d)}`;
      const b = blocks.get(key) ?? [];
      b.push(d);
      blocks.set(key, b);
    }
    const shown = new Set<string>();
    for (const d of diags) {
      if (isNonStructural(d)) {
        const key = `${d.document}\0${schemaRootOf(d)}`;
        if (shown.has(key)) continue;
        shown.add(key);
        const block = blocks.get(key)!;
        const where = d.object ? `${d.object} ` : "";
        // With what lies behind it shown (marked), the apiserver's gate is still what the heading names.
        const behind = diags.some(
          (h) => h.hiddenBy && h.document === d.document && schemaRootOf(h) === schemaRootOf(d),
        );
        lines.push(
          `  ${c.dim(`${d.line}:${d.column}`.padEnd(8))} ${sev("error").padEnd(ctx.color ? 17 : 7)} ${c.bold("NonStructuralSchema")}: ${where}${schemaRootOf(d)} is not structural (${block.length} violation${block.length === 1 ? "" : "s"}); ${behind ? "the apiserver checks its defaults and CEL rules only once it is (shown marked below)" : "defaults and CEL rules of this schema are not checked until it is"}`,
        );
        for (const v of block) row(v, "    ");
        continue;
      }
      row(d);
    }
    lines.push("");
  }
  if (result.releases && result.crdReleases?.length) {
    // Per CRD: the releases that accept it and the first one, and where a claim exists, what it should be.
    const all = describeReleases(minorsOf(result.releases));
    lines.push(`releases per CRD (${all}):`);
    for (const x of result.crdReleases) {
      const name = `${x.object ?? `document ${x.document}`} (${x.file})`;
      const verdict =
        x.accepted.length === 0
          ? c.red(`rejected at every release in ${all}`)
          : x.accepted.length === result.releases.length
            ? c.green(`accepted at every release in ${all}`)
            : `accepted at ${describeReleases(minorsOf(x.accepted))}; first accepted: ${x.firstAccepted}`;
      const rejectedClaimed = x.claimed?.releases.filter((r) => x.verdicts[r] === "rejected") ?? [];
      const claim =
        x.claimed && rejectedClaimed.length > 0
          ? c.red(
              `; claimed ${describeReleases(minorsOf(x.claimed.releases))} by ${x.claimed.source}, ${x.firstAccepted ? `should start at ${x.firstAccepted}` : "no release accepts it"}`,
            )
          : "";
      lines.push(`  ${name}: ${verdict}${claim}`);
    }
    lines.push("");
  }
  const s = result.summary;
  const problems = s.errors + s.warnings + s.infos;
  const counts = `${s.files} file${s.files === 1 ? "" : "s"}, ${s.crds} CRD${s.crds === 1 ? "" : "s"}${s.resources ? `, ${s.resources} resource${s.resources === 1 ? "" : "s"}` : ""}${s.skipped ? `, ${s.skipped} other document${s.skipped === 1 ? "" : "s"} skipped` : ""}`;
  // Infos alone are no problem (a kustomize patch or a template skipped, a CRD added): the run is green, and says so.
  if (s.errors + s.warnings === 0)
    lines.push(
      c.green(
        `✔ no problems${s.infos ? `, ${s.infos} info` : ""} (${counts}, Kubernetes ${describeKubernetesRelease(result.kubernetesVersion)})`,
      ),
    );
  else {
    const summary = `✖ ${problems} problem${problems === 1 ? "" : "s"} (${s.errors} error${s.errors === 1 ? "" : "s"}, ${s.warnings} warning${s.warnings === 1 ? "" : "s"}${s.infos ? `, ${s.infos} info` : ""}) in ${counts}, Kubernetes ${describeKubernetesRelease(result.kubernetesVersion)}`;
    lines.push(s.errors ? c.red.bold(summary) : c.yellow.bold(summary));
  }
  if (s.hidden) {
    const h = s.hidden;
    const n = h.errors + h.warnings + h.infos;
    const parts = [
      h.errors ? `${h.errors} error${h.errors === 1 ? "" : "s"}` : "",
      h.warnings ? `${h.warnings} warning${h.warnings === 1 ? "" : "s"}` : "",
      h.infos ? `${h.infos} info` : "",
    ].filter(Boolean);
    lines.push(
      c.cyan(
        `+ ${n} more behind ${n === 1 ? "that" : "those"} (${parts.join(", ")}): what the apiserver reports once the problem each is marked with is fixed; --apiserver-gates leaves ${n === 1 ? "it" : "them"} out`,
      ),
    );
  }
  if (ctx.revision) {
    const verdict = revisionVerdict(result.diagnostics, s.crds, ctx.errorsOnly === true);
    if (verdict.crds.length > 0) {
      lines.push("per CRD, worst first:");
      const width = Math.max(...verdict.crds.map((x) => x.crd.length));
      for (const x of verdict.crds)
        lines.push(`  ${x.crd.padEnd(width)}  ${sev(x.worst).padEnd(ctx.color ? 17 : 7)} ${crdCounts(x)}`);
    }
    lines.push(verdict.rejected ? c.red.bold(verdict.line) : c.bold(verdict.line));
  }
  const hidden = s.suppressedApiserverErrors ?? 0;
  if (hidden > 0)
    lines.push(
      c.yellow(
        `! ${hidden} apiserver error${hidden === 1 ? "" : "s"} suppressed by crdlint-disable comments or annotations: the cluster still rejects ${hidden === 1 ? "that CRD" : "those CRDs"}`,
      ),
    );
  return lines.join("\n") + "\n";
};
