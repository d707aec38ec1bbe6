// Reads, runs and writes the cases beside each rule (src/rules/<category>/<id>.cases.yaml). Shared by
// test/rules/cases.test.mjs and scripts/gen-rule-cases.mjs, so the test and the generator run a case the same way.
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import { diffText, lintText, validate } from "../../dist/index.js";

/** The cases file of a rule: beside its .ts file (engine rules such as internal-error live in another folder). */
export function casesFile(root, rule) {
  for (const folder of [rule.category, "yaml"]) {
    if (existsSync(join(root, "src", "rules", folder, `${rule.id}.ts`)))
      return join(root, "src", "rules", folder, `${rule.id}.cases.yaml`);
  }
  return join(root, "src", "rules", rule.category, `${rule.id}.cases.yaml`);
}

export function readCases(text) {
  const cases = parse(text);
  if (!Array.isArray(cases)) throw new Error("a cases file is a YAML list of cases");
  for (const c of cases) {
    if (typeof c?.name !== "string" || typeof c.input !== "string" || !Array.isArray(c.expect))
      throw new Error(`bad case ${JSON.stringify(c?.name)}: name, input and expect are required`);
    if (c.old !== undefined && typeof c.old !== "string")
      throw new Error(`bad case ${JSON.stringify(c.name)}: old is OLD's text`);
  }
  return cases;
}

const HEADER = (
  rule,
) => `# Cases of ${rule.id}, run by test/rules/cases.test.mjs through the library API (${rule.category === "resource" ? "validate: the input holds the CRD and the resource" : rule.category === "revision" ? "diffText: old is OLD's text (absent: no OLD), input is NEW's; storedVersions is --stored-versions" : "lintText"}).
# Each case: name, optional kubernetesVersion (default: the newest release) and rules (severities; the rule's own
# is switched on when it is opt-in), the input text, and expect: every diagnostic of ${rule.id} on it, whole
# (line and column count inside input; category is the rule's; apiserver is the rule's unless given; object and
# file are left out). A case with bug: states the apiserver's answer where crdlint differs (a todo test until
# fixed). Refresh with \`node scripts/gen-rule-cases.mjs --update\`, then read what changed.
`;

export function writeCases(file, rule, cases) {
  const text = HEADER(rule) + stringify(cases, { lineWidth: 0 });
  const back = readCases(text);
  for (let i = 0; i < cases.length; i++) {
    if (back[i].input !== cases[i].input)
      throw new Error(`${file}: case ${cases[i].name}: the input does not read back as written`);
  }
  writeFileSync(file, text);
}

const ORDER = [
  "rule",
  "severity",
  "apiserver",
  "file",
  "line",
  "column",
  "endLine",
  "endColumn",
  "document",
  "field",
  "apiserverField",
  "type",
  "value",
  "message",
  "detail",
  "suggestion",
];

/** A diagnostic as a case states it: fixed key order, without what the case's frame fixes (file, object, category). */
export function toExpectation(rule, d) {
  const { object, category, url, ...rest } = d;
  // The problem hiding a diagnostic is in the same input: its file is the case's, whatever the run calls it.
  if (rest.hiddenBy && rest.hiddenBy.file === rest.file) {
    const { file, ...hiddenBy } = rest.hiddenBy;
    rest.hiddenBy = hiddenBy;
  }
  if (rule.category !== "revision" && rest.file !== "old.yaml") delete rest.file;
  if (category !== rule.category) throw new Error(`${rule.id}: a diagnostic of category ${category}`);
  if (rest.apiserver === rule.apiserver) delete rest.apiserver;
  if (rest.document === 0) delete rest.document;
  if (rest.file === "case.yaml") delete rest.file;
  const out = {};
  for (const k of ORDER) if (rest[k] !== undefined) out[k] = rest[k];
  for (const k of Object.keys(rest)) if (!(k in out)) out[k] = rest[k];
  return out;
}

export function caseOptions(rule, c) {
  // Every case runs with the strict preset (every rule a preset holds), and the rule itself on when it is opt-in:
  // the cases state what a rule finds, not which preset shows it.
  const rules = { ...(rule.preset === "opt-in" ? { [rule.id]: rule.severity } : {}), ...(c.rules ?? {}) };
  return {
    kubernetesVersion: c.kubernetesVersion,
    preset: "strict",
    rules,
    ...(c.storedVersions ? { storedVersions: c.storedVersions } : {}),
    // The releases the project claims (.crdlint.yaml kubernetesVersions): without a kubernetesVersion, the run's.
    ...(c.claimedKubernetesVersions ? { claimedKubernetesVersions: c.claimedKubernetesVersions } : {}),
  };
}

/** Runs a case through the library: the diagnostics of the rule, as expectations. */
export async function runCase(rule, c) {
  const options = caseOptions(rule, c);
  const r =
    rule.category === "resource"
      ? await validate(["-"], { ...options, stdin: async () => c.input })
      : rule.category === "revision" || c.old !== undefined
        ? await diffText(c.old ?? "", c.input, { ...options, oldFile: "old.yaml", file: "case.yaml" })
        : await lintText(c.input, { ...options, file: "case.yaml" });
  return { expect: r.diagnostics.filter((d) => d.rule === rule.id).map((d) => toExpectation(rule, d)) };
}
