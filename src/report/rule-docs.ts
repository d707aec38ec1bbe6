/** Where a rule's documentation lives, and its page as `crdlint rules <id>` prints it (pure: no I/O). */
import type { Category, Severity } from "../diagnostics/index.js";

/** The project's repository; package.json's `repository` names the same one (a test keeps them in step). */
export const REPOSITORY_URL = "https://github.com/crdlint/crdlint";

/** docs/rules/<id>.md in the repository, generated from the rule's metadata (npm run gen:docs). */
export function ruleDocsUrl(id: string): string {
  return `${REPOSITORY_URL}/blob/main/docs/rules/${id}.md`;
}

/** A rule as dist/rules-meta.json carries it (written at build time, so `crdlint rules` loads no rule code). */
export interface RuleMetaRow {
  id: string;
  category: Category | string;
  severity: Severity | string;
  apiserver: boolean;
  type?: string | null;
  description: string;
  enabledByDefault?: boolean;
  minMinor?: number;
  maxMinor?: number;
  docs?: { why?: string; fix?: string; upstream?: string; fail: string; pass: string };
  url?: string;
}

function releases(r: RuleMetaRow): string {
  if (r.minMinor && r.maxMinor) return `Kubernetes 1.${r.minMinor} to 1.${r.maxMinor}`;
  if (r.minMinor) return `Kubernetes 1.${r.minMinor} and later`;
  if (r.maxMinor) return `Kubernetes 1.${r.maxMinor} and earlier`;
  return "all supported Kubernetes releases";
}

function indent(text: string): string[] {
  return text.replace(/\n+$/, "").split("\n").map((l) => `    ${l}`);
}

/** The rule's page for a terminal: what, why, failing and passing example, how to fix, and the documentation URL. */
export function renderRulePage(r: RuleMetaRow): string {
  const isDelta = (t: string) => r.category !== "yaml" && r.category !== "size" && !/^\s*(apiVersion|kind):/m.test(t);
  const lines = [
    r.id,
    "",
    r.description,
    "",
    `  category          ${r.category}`,
    `  default severity  ${r.enabledByDefault === false ? `off (opt-in: set it to ${r.severity} in .crdlint.yaml)` : r.severity}`,
    `  apiserver         ${r.apiserver ? "yes: the apiserver rejects the CRD" : "no: a crdlint lint, the apiserver accepts the CRD"}`,
    ...(r.type ? [`  error type        ${r.type}`] : []),
    `  applies to        ${releases(r)}`,
    ...(r.docs?.upstream ? [`  upstream          ${r.docs.upstream}`] : []),
    `  documentation     ${ruleDocsUrl(r.id)}`,
    "",
  ];
  const d = r.docs;
  if (d?.why) lines.push("Why", "", ...indent(d.why), "");
  if (d?.fail) lines.push(`Failing example${isDelta(d.fail) ? " (applied to the baseline CRD of docs/writing-rules.md)" : ""}`, "", ...indent(d.fail), "");
  if (d?.pass) lines.push(`Passing example${isDelta(d.pass) ? " (applied to the baseline CRD)" : ""}`, "", ...indent(d.pass), "");
  if (d?.fix) lines.push("How to fix", "", ...indent(d.fix), "");
  lines.push(`Turn it off or change its severity in .crdlint.yaml (rules: {${r.id}: off}), or for one line with # crdlint-disable-next-line ${r.id}`);
  return lines.join("\n") + "\n";
}
