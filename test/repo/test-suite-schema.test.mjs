// The native suite format of `crdlint test` as documented: schemas/crdlint-test-suite.schema.json is a valid JSON
// Schema (draft-07, compiled by ajv in strict mode), the suites docs/testing.md shows validate against it, the mistakes
// it exists to catch are rejected, the package ships it, and the reports docs/testing.md shows are what the
// reporters print.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import Ajv from "ajv";
import { root } from "../helpers/cli.mjs";
import { formatCoverage, formatTestResult } from "../../dist/report/test.js";
import { coverage, mixed } from "../report/test-results.mjs";

const schema = JSON.parse(readFileSync(join(root, "schemas", "crdlint-test-suite.schema.json"), "utf8"));
const docs = readFileSync(join(root, "docs", "testing.md"), "utf8");
const validate = new Ajv({ allErrors: true, strictTypes: true }).compile(schema);
const errors = () => JSON.stringify(validate.errors, null, 2);

/** The fenced blocks of docs/testing.md in a language. */
const blocks = (lang) => [...docs.matchAll(new RegExp("^```" + lang + "\\n([\\s\\S]*?)^```$", "gm"))].map((m) => m[1]);

test("the suites docs/testing.md shows validate against the schema", () => {
  // A native suite in the docs is a yaml block whose first line names its file, # <name>.crdtest.yaml.
  const suites = blocks("yaml").filter((b) => /^# \S+\.crdtest\.yaml\n/.test(b));
  assert.ok(suites.length >= 2, "docs/testing.md shows native suites");
  for (const text of suites) assert.ok(validate(parse(text)), `${text.split("\n")[0]}: ${errors()}`);
  // The full example uses every key a case can have.
  const keys = new Set(suites.flatMap((s) => parse(s).tests.flatMap((c) => Object.keys(c))));
  assert.deepEqual(
    [...keys].sort(),
    Object.keys(schema.definitions.case.properties).sort(),
    "every case key appears in an example",
  );
});

test("the schema rejects the mistakes it is there to catch, and takes TODO", () => {
  const ok = { crd: "crd.yaml", tests: [{ name: "n", object: { spec: {} } }] };
  assert.ok(validate(ok), errors());
  const withCase = (c) => ({ ...ok, tests: [{ name: "n", object: { spec: {} }, ...c }] });
  for (const good of [
    withCase({ expected: "TODO" }),
    withCase({ expectedError: "TODO" }),
    withCase({ expected: { spec: { a: 1 } }, expectedWarnings: ["unknown field"] }),
    withCase({ oldObject: {}, expectedErrors: [{ field: "spec.a" }] }),
    withCase({
      operation: "status",
      oldObject: {},
      expectedErrors: [{ field: "status.a", type: "Invalid value", message: "x" }],
    }),
    { ...ok, name: "widgets", version: "v1beta1", fieldValidation: "Strict" },
  ])
    assert.ok(validate(good), `${JSON.stringify(good)}: ${errors()}`);
  const { crd: _crd, ...noCrd } = ok;
  const { tests: _tests, ...noTests } = ok;
  for (const [what, bad] of [
    ["no crd", noCrd],
    ["no tests", noTests],
    ["no cases", { ...ok, tests: [] }],
    ["a case without object", { ...ok, tests: [{ name: "n" }] }],
    ["a case without name", { ...ok, tests: [{ object: {} }] }],
    ["an unknown suite key", { ...ok, crdName: "x" }],
    ["a misspelt case key", withCase({ expectedErorr: "x" })],
    ["fieldValidation not one of three", { ...ok, fieldValidation: "strict" }],
    ["expected and expectedError", withCase({ expected: {}, expectedError: "x" })],
    ["expected and expectedErrors", withCase({ expected: {}, expectedErrors: [{ field: "spec" }] })],
    ["expectedError and expectedErrors", withCase({ expectedError: "x", expectedErrors: [{ field: "spec" }] })],
    ["an update without oldObject", withCase({ operation: "update" })],
    ["a status update without oldObject", withCase({ operation: "status" })],
    ["an unknown operation", withCase({ operation: "delete", oldObject: {} })],
    ["an expected error without field", withCase({ expectedErrors: [{ message: "x" }] })],
    ["an unknown error type", withCase({ expectedErrors: [{ field: "spec", type: "Invalid" }] })],
    ["expected as a string other than TODO", withCase({ expected: "todo" })],
    ["object as a list", withCase({ object: [] })],
  ])
    assert.equal(validate(bad), false, what);
});

test("the package ships the schema", () => {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  assert.ok(pkg.files.includes("schemas"));
  assert.match(schema.$id, /\/schemas\/crdlint-test-suite\.schema\.json$/);
});

test("the reports docs/testing.md shows are what crdlint test prints for them", () => {
  // The first text block is the report; the coverage block is the one that starts with the CRD and version.
  const texts = blocks("text");
  const report = texts[0];
  const cover = texts.find((b) => b.startsWith("widgets.example.com v1:"));
  const cases = [mixed.cases[0], mixed.cases[1], { ...mixed.cases[2], warnings: [] }, mixed.cases[3]];
  const run = {
    kubernetesVersion: "1.37",
    suites: 1,
    cases,
    problems: [],
    summary: { passed: 1, failed: 3, errored: 0, durationMs: 12 },
  };
  assert.equal(report, formatTestResult(run, "text", { color: false }));
  const v1 = coverage.items.filter((i) => i.version === "v1");
  assert.equal(
    cover,
    formatCoverage(
      { items: v1, summary: { checks: 4, failedBySome: 2, passedBySome: 2, both: 1, neither: 1 } },
      "text",
    ),
  );
});
