/** Where a rule's documentation lives, and its page as `crdlint rules <id>` prints it (pure: no I/O). */
import type { Category, Severity } from "../diagnostics/index.js";
import { DEFAULT_PRESET, inPreset, rulePreset, type RulePreset, type RuleMeta } from "../rules/define-rule.js";

/** Why a rule the apiserver enforces is in every preset (apiserver rules do not each say it). */
export const APISERVER_PRESET_WHY = "The apiserver rejects the CRD: every preset reports it.";

/** The preset line of a rule's page, for the terminal and docs/rules/<id>.md alike. */
export function presetSummary(r: Pick<RuleMetaRow, "preset">): string {
  if (r.preset === "apiserver") return "apiserver (in every preset)";
  if (r.preset === "recommended") return "recommended (on by default; also in strict)";
  if (r.preset === "strict")
    return "strict (off by default: --preset strict, or extends: [crdlint:strict] in .crdlint.yaml)";
  return "none (opt-in: give it a severity in .crdlint.yaml, rules: {<id>: warning})";
}

/** The heading over a rule's `presetWhy`. */
export function presetHeading(r: Pick<RuleMetaRow, "preset">): string {
  return r.preset === "opt-in" ? "Why opt-in" : `Why in the ${r.preset} preset`;
}

/** A rule's row of dist/rules-meta.json and `crdlint rules --format json`. */
export function ruleMetaRow(r: RuleMeta): RuleMetaRow {
  return {
    id: r.id,
    category: r.category,
    severity: r.severity,
    apiserver: r.apiserver,
    type: r.type,
    description: r.description,
    enabledByDefault: inPreset(r, DEFAULT_PRESET),
    preset: rulePreset(r),
    presetWhy: r.presetWhy ?? (r.apiserver ? APISERVER_PRESET_WHY : ""),
    ...(r.minMinor !== undefined ? { minMinor: r.minMinor } : {}),
    ...(r.maxMinor !== undefined ? { maxMinor: r.maxMinor } : {}),
    url: ruleDocsUrl(r.id),
    docs: r.docs,
  };
}

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
  /** Whether the default preset (recommended) holds the rule. */
  enabledByDefault: boolean;
  /** The smallest preset holding the rule, and why it is there. */
  preset: RulePreset;
  presetWhy: string;
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
  return text
    .replace(/\n+$/, "")
    .split("\n")
    .map((l) => `    ${l}`);
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
    `  severity          ${r.severity}`,
    `  preset            ${presetSummary(r)}`,
    `  apiserver         ${r.apiserver ? "yes: the apiserver rejects the CRD" : "no: a crdlint lint, the apiserver accepts the CRD"}`,
    ...(r.type ? [`  error type        ${r.type}`] : []),
    `  applies to        ${releases(r)}`,
    ...(r.docs?.upstream ? [`  upstream          ${r.docs.upstream}`] : []),
    `  documentation     ${ruleDocsUrl(r.id)}`,
    "",
  ];
  const d = r.docs;
  if (d?.why) lines.push("Why", "", ...indent(d.why), "");
  if (r.presetWhy) lines.push(presetHeading(r), "", ...indent(r.presetWhy), "");
  if (d?.fail)
    lines.push(
      `Failing example${isDelta(d.fail) ? " (applied to the baseline CRD of docs/writing-rules.md)" : ""}`,
      "",
      ...indent(d.fail),
      "",
    );
  if (d?.pass)
    lines.push(`Passing example${isDelta(d.pass) ? " (applied to the baseline CRD)" : ""}`, "", ...indent(d.pass), "");
  if (d?.fix) lines.push("How to fix", "", ...indent(d.fix), "");
  lines.push(
    `Turn it off or change its severity in .crdlint.yaml (rules: {${r.id}: off}), or for one line with # crdlint-disable-next-line ${r.id}`,
  );
  return lines.join("\n") + "\n";
}
