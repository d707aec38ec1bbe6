// Defaults checked against CEL rules through the CLI: whole diagnostics (rule, field, type, message, line, column,
// apiserverField, value) for fixtures/defaults/cel-*.yaml, and the release-dependent behaviour.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { crdlint, root } from "../helpers/cli.mjs";

const KEYS = ["rule", "field", "type", "message", "line", "column", "apiserverField", "value"];
const pick = (d) => Object.fromEntries(KEYS.filter((k) => k in d).map((k) => [k, d[k]]));

function lint(file, minor) {
  const r = crdlint(["lint", "--format", "json", "--kubernetes-version", minor, file]);
  assert.ok(r.json, `no JSON output (exit ${r.status}): ${r.stderr}`);
  return r.json.diagnostics.filter((d) => d.severity !== "info");
}

for (const name of ["cel-rules", "cel-budget"]) {
  test(`fixture defaults/${name}: whole diagnostics at 1.37`, () => {
    const want = JSON.parse(readFileSync(join(root, "fixtures", "defaults", `${name}.expected.json`), "utf8"));
    // test/rules/fixtures.test.mjs compares the rest of each diagnostic (severity, end position, suggestion ...).
    assert.deepEqual(lint(`fixtures/defaults/${name}.yaml`, "1.37").map(pick), want.map(pick));
  });
}

test("before 1.35 the failed rule's value is the schema type; 1.35+ the scalar default itself", () => {
  const at34 = lint("fixtures/defaults/cel-rules.yaml", "1.34").filter((d) => d.rule === "default-cel-rule-failed");
  assert.deepEqual(
    at34.map((d) => [d.field.replace(/^.*properties\[spec\]\./, ""), d.value ?? null]),
    [
      ["properties[count].default", '"integer"'],
      ["properties[tier].default", '"string"'],
      ["properties[scaling].default.min", '"integer"'],
      ["properties[scaling].default.max", null],
      ["properties[zone].default", '"string"'],
    ],
  );
});

test("1.29: optionalOldSelf is dropped (its gate is off), so the zone rule no longer compiles when the default is checked", () => {
  const zone = lint("fixtures/defaults/cel-rules.yaml", "1.29").filter(
    (d) => d.field.includes("properties[zone]") && d.rule.startsWith("default-cel"),
  );
  assert.deepEqual(zone.map(pick), [
    {
      rule: "default-cel-rule-failed",
      field: "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[zone].default",
      type: "Invalid value",
      message:
        "rule compile error: compilation failed: ERROR: <input>:1:17: found no matching overload for 'hasValue' applied to 'string.()'",
      line: 78,
      column: 19,
      apiserverField: "spec.validation.openAPIV3Schema.properties[spec].properties[zone].default",
      value: '"string"',
    },
  ]);
  assert.equal(zone[0].detail, " | oldSelf.hasValue() || self == 'a'\n | ................^");
});

test("1.24: CEL rules are not evaluated on defaults (CustomResourceValidationExpressions off by default)", () => {
  const ds = lint("fixtures/defaults/cel-rules.yaml", "1.24");
  assert.deepEqual(
    ds.filter((d) => d.rule.startsWith("default-cel")),
    [],
  );
});
