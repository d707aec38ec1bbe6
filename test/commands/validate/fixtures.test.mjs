// Every fixtures/validate/<case>/ holds crd.yaml, resource.yaml, optionally old.yaml (an update) and args.json (extra
// flags), and expected.json: the whole diagnostics `crdlint validate --format json` must print, written from the
// apiserver's texts (the strings of k8s.io/apiextensions-apiserver's custom-resource validation: pkg/apiserver/validation
// for the schema, pkg/apiserver/schema/cel/validation.go for the rules; docs/validate.md says which checks run).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { crdlint, root } from "../../helpers/cli.mjs";

const dir = join(root, "fixtures", "validate");
const pick = (d) => {
  const o = {
    rule: d.rule,
    severity: d.severity,
    apiserver: d.apiserver,
    line: d.line,
    column: d.column,
    field: d.field,
    type: d.type,
    message: d.message,
  };
  if (d.apiserverField !== undefined) o.apiserverField = d.apiserverField;
  if (d.value !== undefined) o.value = d.value;
  if (d.detail !== undefined) o.detail = d.detail;
  // What the apiserver reports only once another problem is fixed carries that problem (and is not its answer now).
  if (d.hiddenBy !== undefined) o.hiddenBy = d.hiddenBy;
  return o;
};

export function runCase(name) {
  const c = join("fixtures", "validate", name);
  const args = [
    "validate",
    "--format",
    "json",
    "--kubernetes-version",
    "1.37",
    "--crd",
    join(c, "crd.yaml"),
    join(c, "resource.yaml"),
  ];
  if (existsSync(join(root, c, "old.yaml"))) args.push("--old", join(c, "old.yaml"));
  if (existsSync(join(root, c, "args.json")))
    args.push(...JSON.parse(readFileSync(join(root, c, "args.json"), "utf8")));
  return crdlint(args);
}

for (const name of readdirSync(dir).sort()) {
  if (!existsSync(join(dir, name, "crd.yaml"))) continue;
  test(`validate fixture ${name}`, () => {
    const r = runCase(name);
    assert.ok(r.json, `no JSON output (exit ${r.status}): ${r.stderr}`);
    const got = r.json.diagnostics.map(pick);
    const file = join(dir, name, "expected.json");
    if (process.env.CRDLINT_WRITE_EXPECTED) writeFileSync(file, JSON.stringify(got, null, 2) + "\n");
    assert.deepEqual(got, JSON.parse(readFileSync(file, "utf8")));
    assert.equal(
      r.status,
      got.some((d) => d.severity === "error" && !d.hiddenBy) ? 1 : 0,
      "exit code follows the diagnostics the apiserver reports now",
    );
  });
}
