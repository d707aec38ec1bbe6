// Renders a rule's documentation page and the rules table of docs/rules.md from rule metadata (no I/O here).
import { presetHeading, presetSummary, ruleMetaRow } from "../dist/report/rule-docs.js";

const CATEGORY_ORDER = [
  "yaml",
  "size",
  "decoding",
  "names",
  "versions",
  "conversion",
  "subresources",
  "printer-columns",
  "selectable-fields",
  "structural",
  "forbidden-field",
  "schema-values",
  "defaults",
  "list-types",
  "cel-compile",
  "cel-cost",
];

function exampleBlock(text) {
  return "```yaml\n" + text.replace(/\n*$/, "\n") + "```";
}

function releases(rule) {
  if (rule.minMinor && rule.maxMinor) return `Kubernetes 1.${rule.minMinor} to 1.${rule.maxMinor}`;
  if (rule.minMinor) return `Kubernetes 1.${rule.minMinor} and later`;
  if (rule.maxMinor) return `Kubernetes 1.${rule.maxMinor} and earlier`;
  return "all supported Kubernetes releases";
}

export function renderRuleDoc(rule) {
  const row = ruleMetaRow(rule);
  const lines = [
    `# ${rule.id}`,
    "",
    `> Generated from the rule's metadata (src/rules/${rule.category}/${rule.id}.ts) by \`npm run gen:docs\`.`,
    "",
    rule.description,
    "",
    "| | |",
    "|---|---|",
    `| category | \`${rule.category}\` |`,
    `| severity | ${rule.severity} |`,
    `| preset | ${presetSummary(row)} |`,
    `| apiserver | ${rule.apiserver ? "yes: the apiserver rejects the CRD" : "no: a crdlint lint, the apiserver accepts the CRD"} |`,
    ...(rule.type ? [`| error type | \`${rule.type}\` |`] : []),
    `| applies to | ${releases(rule)} |`,
    ...(rule.docs.upstream ? [`| upstream | \`${rule.docs.upstream}\` |`] : []),
    "",
  ];
  if (rule.docs.why) lines.push("## Why", "", rule.docs.why, "");
  lines.push(`## ${presetHeading(row)}`, "", row.presetWhy, "");
  if (rule.docs.fix) lines.push("## How to fix", "", rule.docs.fix, "");
  const delta = (t) => !/^\s*(apiVersion|kind):/m.test(t);
  if (rule.docs.fail) {
    lines.push("## Failing example", "");
    if (rule.category !== "yaml" && rule.category !== "size" && delta(rule.docs.fail))
      lines.push("Applied to the baseline CRD (see docs/writing-rules.md):", "");
    lines.push(exampleBlock(rule.docs.fail), "");
  }
  if (rule.docs.pass) {
    lines.push("## Passing example", "");
    lines.push(exampleBlock(rule.docs.pass), "");
  }
  lines.push(
    "Turn it off or change its severity in `.crdlint.yaml`:",
    "",
    "```yaml",
    "rules:",
    `  ${rule.id}: off`,
    "```",
    "",
  );
  return lines.join("\n");
}

export function renderRulesTable(rules) {
  const order = (c) => {
    const i = CATEGORY_ORDER.indexOf(c);
    return i < 0 ? CATEGORY_ORDER.length : i;
  };
  const sorted = [...rules].sort((a, b) => order(a.category) - order(b.category) || (a.id < b.id ? -1 : 1));
  const apiserver = rules.filter((r) => r.apiserver).length;
  const presets = sorted.map((r) => ruleMetaRow(r).preset);
  const count = (p) => presets.filter((x) => x === p).length;
  const out = [
    `${rules.length} rules: ${apiserver} apiserver checks, ${rules.length - apiserver} crdlint lints; ${count("apiserver")} in the apiserver preset, ${count("recommended")} more in recommended (the default), ${count("strict")} more in strict, ${count("opt-in")} opt-in. \`crdlint rules\` lists them; each links to its page.`,
    "",
    "| rule | category | severity | preset | apiserver | what it finds |",
    "|---|---|---|---|---|---|",
  ];
  sorted.forEach((r, i) =>
    out.push(
      `| [\`${r.id}\`](rules/${r.id}.md) | ${r.category} | ${r.severity} | ${presets[i]} | ${r.apiserver ? "yes" : "no"} | ${r.description.replace(/\|/g, "\\|")} |`,
    ),
  );
  return out.join("\n") + "\n";
}

/** docs/rules.md: every rule, with its preset, linked to its page. */
export function renderRulesPage(rules) {
  return [
    "# Rules",
    "",
    "> Generated from the rules' metadata by `npm run gen:docs`.",
    "",
    "Every rule crdlint has, by category. `apiserver: yes` rules reproduce an apiserver rejection, with its field path, type",
    "and message; the others are crdlint's lints. A rule's preset is the smallest preset that holds it (the presets nest:",
    "`apiserver`, `recommended`, the default, and `strict`; `opt-in` rules run only when the configuration names them):",
    "see [Presets](../README.md#presets). `crdlint rules` prints this list, `crdlint rules <id>` a rule's page.",
    "",
    renderRulesTable(rules),
  ].join("\n");
}
