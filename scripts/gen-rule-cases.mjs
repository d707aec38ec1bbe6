// Writes src/rules/<category>/<id>.cases.yaml for every rule that has documented examples and no cases file yet
// (a failing and a passing case, from the rule's docs examples expanded as src/rules/examples.ts expands them),
// with the expectations taken from the current output. `--update` rewrites the `expect` of every existing case
// from the current output instead (the inputs and names are kept). Either way, READ the expectations before
// committing them: they must be what the apiserver says. Run after `npm run build:dist`.
import { existsSync, readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";
import { rules } from "../dist/index.js";
import { expandExample, expandRevisionExample } from "../dist/rules/examples.js";
import { casesFile, readCases, runCase, writeCases } from "../test/helpers/rule-cases.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const update = process.argv.includes("--update");

/** The text a docs example stands for: yaml-category examples as written, others expanded on the baseline CRD. */
function exampleText(rule, text) {
  if (
    rule.category === "yaml" ||
    rule.category === "size" ||
    rule.category === "resource" ||
    rule.category === "revision"
  )
    return text;
  return stringify(expandExample(text), { version: "1.1" });
}

/** The release a rule's cases run at by default: the newest, unless the rule stops applying before it. */
function defaultRelease(rule) {
  const minor =
    rule.minMinor && rule.minMinor > 37 ? rule.minMinor : rule.maxMinor && rule.maxMinor < 37 ? rule.maxMinor : null;
  return minor === null ? undefined : `1.${minor}`;
}

let written = 0;
for (const rule of rules) {
  const file = casesFile(root, rule);
  if (update) {
    if (!existsSync(file)) continue;
    const cases = readCases(readFileSync(file, "utf8"));
    // A case marked `bug:` holds the apiserver's answer where crdlint differs: it is not refreshed from the output.
    for (const c of cases) if (!c.bug) c.expect = (await runCase(rule, c)).expect;
    writeCases(file, rule, cases);
    written++;
    continue;
  }
  if (existsSync(file) || !rule.docs.fail) continue;
  const cases = [];
  for (const [name, text] of [
    ["the documented failing example", rule.docs.fail],
    ["the documented passing example", rule.docs.pass],
  ]) {
    const c = { name, kubernetesVersion: defaultRelease(rule), input: exampleText(rule, text) };
    if (rule.category === "revision") {
      const { old, new: next } = expandRevisionExample(text);
      if (old !== null) c.old = stringify(old, { version: "1.1" });
      c.input = next === null ? "" : stringify(next, { version: "1.1" });
    }
    if (c.kubernetesVersion === undefined) delete c.kubernetesVersion;
    c.expect = (await runCase(rule, c)).expect;
    cases.push(c);
  }
  writeCases(file, rule, cases);
  written++;
}
console.log(`${update ? "updated" : "wrote"} ${written} cases files`);
