// One run shows every problem: what the apiserver reports only once the problem it stops at is fixed is reported
// too, marked with that problem (hiddenBy), counted apart, and left out by --apiserver-gates. Hand-written CRDs and
// resources, run through the CLI and compared whole.
import { test } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { crdlint, withoutUrl } from "../helpers/cli.mjs";
import { tmp } from "../helpers/tmp.mjs";
import { lintText } from "../../dist/index.js";

// Four runs of the apiserver: $schema stops the conversion; then the invalid pattern (ValidateStructural); then the
// default of the wrong type; then the CEL rule naming a field that does not exist.
const FOUR_RUNS = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gadgets.example.com
spec:
  group: example.com
  names:
    kind: Gadget
    plural: gadgets
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          $schema: http://json-schema.org/draft-07/schema#
          type: object
          properties:
            spec:
              type: object
              x-kubernetes-validations:
                - rule: self.replica > 0
              properties:
                name:
                  type: string
                  pattern: "[a-z"
                size:
                  type: integer
                  default: large
`;

const SCHEMA = "spec.versions[0].schema.openAPIV3Schema";
const APISERVER_SCHEMA = "spec.validation.openAPIV3Schema";

function withFiles(t, files) {
  const dir = tmp(files);
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The diagnostics without what every one of them repeats (file, document, object, category, url). */
const brief = (ds) => withoutUrl(ds).map(({ file, document, object, category, endLine, endColumn, ...d }) => d);

test("lint: one run reports the four problems the apiserver reports one run at a time, each behind the one before", (t) => {
  const dir = withFiles(t, { "gadgets.yaml": FOUR_RUNS });
  const r = crdlint(["lint", "-f", "json", "gadgets.yaml"], { cwd: dir });
  assert.equal(r.status, 1);
  const hider = (rule, line, column, field) => ({ rule, file: "gadgets.yaml", line, column, field });
  assert.deepEqual(brief(r.json.diagnostics), [
    {
      line: 16,
      column: 9,
      rule: "structural-conversion-failed",
      severity: "error",
      apiserver: true,
      field: SCHEMA,
      type: "Invalid value",
      message: "OpenAPIV3Schema 'schema' is not supported",
      apiserverField: APISERVER_SCHEMA,
      value: '""',
    },
    {
      line: 23,
      column: 29,
      rule: "cel-compile-failed",
      severity: "error",
      apiserver: false,
      field: `${SCHEMA}.properties[spec].x-kubernetes-validations[0].rule`,
      type: "Invalid value",
      message: "compilation failed: ERROR: <input>:1:5: undefined field 'replica'",
      apiserverField: `${APISERVER_SCHEMA}.properties[spec].x-kubernetes-validations[0].rule`,
      value:
        '{"Rule":"self.replica \\u003e 0","Message":"","MessageExpression":"","Reason":null,"FieldPath":"","OptionalOldSelf":null}',
      detail: " | self.replica > 0\n | ....^",
      hiddenBy: hider("default-schema-mismatch", 30, 19, `${SCHEMA}.properties[spec].properties[size].default`),
    },
    {
      line: 27,
      column: 19,
      rule: "schema-pattern-invalid",
      severity: "error",
      apiserver: false,
      field: `${SCHEMA}.properties[spec].properties[name].pattern`,
      type: "Invalid value",
      message: "must be a valid regular expression, but isn't: error parsing regexp: missing closing ]: `[a-z`",
      apiserverField: `${APISERVER_SCHEMA}.properties[spec].properties[name].pattern`,
      value: '"[a-z"',
      hiddenBy: hider("structural-conversion-failed", 16, 9, SCHEMA),
    },
    {
      line: 30,
      column: 19,
      rule: "default-schema-mismatch",
      severity: "error",
      apiserver: false,
      field: `${SCHEMA}.properties[spec].properties[size].default`,
      type: "Invalid value",
      message: ' in body must be of type integer: "string"',
      apiserverField: `${APISERVER_SCHEMA}.properties[spec].properties[size].default`,
      value: '"string"',
      hiddenBy: hider("schema-pattern-invalid", 27, 19, `${SCHEMA}.properties[spec].properties[name].pattern`),
    },
  ]);
  // The apiserver's verdict is counted as before; what lies behind it apart.
  assert.equal(r.json.summary.errors, 1);
  assert.deepEqual(r.json.summary.hidden, { errors: 3, warnings: 0, infos: 0 });
});

test("lint --apiserver-gates: exactly the apiserver's first answer, the same diagnostics as unmarked in the default run", (t) => {
  const dir = withFiles(t, { "gadgets.yaml": FOUR_RUNS });
  const all = crdlint(["lint", "-f", "json", "gadgets.yaml"], { cwd: dir });
  const gated = crdlint(["lint", "-f", "json", "--apiserver-gates", "gadgets.yaml"], { cwd: dir });
  assert.equal(gated.status, all.status);
  assert.deepEqual(
    gated.json.diagnostics,
    all.json.diagnostics.filter((d) => !d.hiddenBy),
  );
  assert.deepEqual(
    gated.json.diagnostics.map((d) => d.rule),
    ["structural-conversion-failed"],
  );
  assert.equal(gated.json.summary.hidden, undefined);
  assert.deepEqual({ ...all.json.summary, hidden: undefined }, { ...gated.json.summary, hidden: undefined });
});

test("every format marks the hidden diagnostics and keeps the apiserver's answer apart", (t) => {
  const dir = withFiles(t, { "gadgets.yaml": FOUR_RUNS });
  const run = (format) => crdlint(["lint", "-f", format, "gadgets.yaml"], { cwd: dir });

  const text = run("text");
  assert.equal(text.status, 1);
  assert.match(
    text.stdout,
    /undefined field 'replica'  cel-compile-failed \(reported once default-schema-mismatch at 30:19 is fixed\)/,
  );
  assert.match(text.stdout, /schema-pattern-invalid \(reported once structural-conversion-failed at 16:9 is fixed\)/);
  assert.match(
    text.stdout,
    /✖ 1 problem \(1 error, 0 warnings\) in 1 file, 1 CRD, Kubernetes 1\.37\n\+ 3 more behind those \(3 errors\): what the apiserver reports once the problem each is marked with is fixed; --apiserver-gates leaves them out\n/,
  );
  // The unmarked line is the apiserver's, without a mark.
  assert.match(text.stdout, /OpenAPIV3Schema 'schema' is not supported  structural-conversion-failed\n/);

  const github = run("github").stdout.trim().split("\n");
  assert.equal(github.length, 4);
  assert.ok(github[0].startsWith("::error file=gadgets.yaml,line=16,col=9,") && !github[0].includes("reported once"));
  for (const line of github.slice(1)) assert.match(line, /\(reported once [a-z-]+ at \d+:\d+ is fixed\)$/);

  const sarif = JSON.parse(run("sarif").stdout).runs[0].results;
  assert.equal(sarif.length, 4);
  assert.equal(sarif.filter((r) => r.properties.hiddenBy).length, 3);
  const cel = sarif.find((r) => r.ruleId === "cel-compile-failed");
  assert.deepEqual(cel.properties.hiddenBy, {
    rule: "default-schema-mismatch",
    file: "gadgets.yaml",
    line: 30,
    column: 19,
    field: `${SCHEMA}.properties[spec].properties[size].default`,
  });
  assert.equal(cel.properties.apiserver, false);
  assert.match(cel.message.text, / \(reported once default-schema-mismatch at 30:19 is fixed\)$/);
  assert.equal(sarif.find((r) => r.ruleId === "structural-conversion-failed").properties.hiddenBy, undefined);

  // JUnit: the failing testcases are the apiserver's answer; what lies behind it is listed in system-out, marked.
  const junit = run("junit").stdout;
  assert.match(junit, /<testsuites name="crdlint" tests="1" failures="1" errors="0">/);
  assert.match(junit, /<failure type="structural-conversion-failed"/);
  assert.doesNotMatch(junit, /<failure type="cel-compile-failed"/);
  assert.match(
    junit,
    /<system-out>[^]*cel-compile-failed[^]*\(reported once default-schema-mismatch at 30:19 is fixed\)[^]*<\/system-out>/,
  );
});

test("behind a missing type: CEL rules elsewhere are compiled, those on the broken node are named as not checked", (t) => {
  const dir = withFiles(t, {
    "w.yaml": `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names:
    kind: Widget
    plural: widgets
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              x-kubernetes-validations:
                - rule: self.a > 0
              properties:
                a:
                  type: integer
            status:
              type: object
              x-kubernetes-validations:
                - rule: self.ready == 'yes'
              properties:
                ready:
                  type: boolean
`,
  });
  const r = crdlint(["lint", "-f", "json", "w.yaml"], { cwd: dir });
  assert.equal(r.status, 1);
  const typeMissing = {
    rule: "structural-type-missing",
    file: "w.yaml",
    line: 19,
    column: 13,
    field: `${SCHEMA}.properties[spec].type`,
  };
  assert.deepEqual(
    brief(r.json.diagnostics).map(({ rule, line, apiserver, message, hiddenBy }) => ({
      rule,
      line,
      apiserver,
      message,
      hiddenBy,
    })),
    [
      {
        rule: "structural-type-missing",
        line: 19,
        apiserver: true,
        message: "must not be empty for specified object fields",
        hiddenBy: undefined,
      },
      {
        rule: "schema-not-checked",
        line: 20,
        apiserver: false,
        hiddenBy: typeMissing,
        message:
          "1 CEL rule here cannot be compiled until the structural-type-missing error is fixed: their CEL types come from the schema it is about",
      },
      {
        rule: "cel-compile-failed",
        line: 28,
        apiserver: false,
        hiddenBy: typeMissing,
        message:
          "compilation failed: ERROR: <input>:1:12: found no matching overload for '_==_' applied to '(bool, string)'",
      },
    ],
  );
});

// The apiserver compiles a node's CEL rules only when no error was found at or below it: one forbidden uniqueItems
// hides the rules of every ancestor, here the root's and spec's. A wrong type hides them too, but also changes the
// CEL types they would be compiled against: those rules are named, not compiled.
const GIZMOS = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gizmos.example.com
spec:
  group: example.com
  names:
    kind: Gizmo
    plural: gizmos
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          x-kubernetes-validations:
            - rule: self.spec.sise > 0
          properties:
            spec:
              type: object
              x-kubernetes-validations:
                - rule: self.mode == 1
              properties:
                mode:
                  type: string
                tags:
                  type: array
                  uniqueItems: true
                  items:
                    type: string
`;

test("behind an error of a node's own schema: the CEL rules the apiserver skips on it and its ancestors are compiled", (t) => {
  const dir = withFiles(t, { "gizmos.yaml": GIZMOS });
  const r = crdlint(["lint", "-f", "json", "gizmos.yaml"], { cwd: dir });
  assert.equal(r.status, 1);
  const unique = {
    rule: "forbidden-unique-items",
    file: "gizmos.yaml",
    line: 30,
    column: 19,
    field: `${SCHEMA}.properties[spec].properties[tags].uniqueItems`,
  };
  assert.deepEqual(
    brief(r.json.diagnostics).map(({ rule, line, apiserver, message, hiddenBy }) => ({
      rule,
      line,
      apiserver,
      message,
      hiddenBy,
    })),
    [
      {
        rule: "cel-compile-failed",
        line: 19,
        apiserver: false,
        message: "compilation failed: ERROR: <input>:1:10: undefined field 'sise'",
        hiddenBy: unique,
      },
      {
        rule: "cel-compile-failed",
        line: 24,
        apiserver: false,
        message:
          "compilation failed: ERROR: <input>:1:11: found no matching overload for '_==_' applied to '(string, int)'",
        hiddenBy: unique,
      },
      {
        rule: "forbidden-unique-items",
        line: 30,
        apiserver: true,
        message: "uniqueItems cannot be set to true since the runtime complexity becomes quadratic",
        hiddenBy: undefined,
      },
    ],
  );
  const gated = crdlint(["lint", "-f", "json", "--apiserver-gates", "gizmos.yaml"], { cwd: dir });
  assert.deepEqual(
    gated.json.diagnostics.map((d) => d.rule),
    ["forbidden-unique-items"],
  );

  // A type the apiserver does not know: the rules above it are named as not checked (their types would be guesses).
  const typo = GIZMOS.replace("                    type: string\n", "                    type: strng\n");
  const named = crdlint(["lint", "-f", "json", "-"], { cwd: dir, input: typo });
  const items = {
    rule: "schema-type-unsupported",
    file: "-",
    line: 32,
    column: 21,
    field: `${SCHEMA}.properties[spec].properties[tags].items.type`,
  };
  assert.deepEqual(
    brief(named.json.diagnostics).map(({ rule, line, apiserver, hiddenBy }) => ({
      rule,
      line,
      apiserver,
      hiddenBy: hiddenBy?.rule,
    })),
    [
      { rule: "schema-not-checked", line: 18, apiserver: false, hiddenBy: "schema-type-unsupported" },
      { rule: "schema-not-checked", line: 23, apiserver: false, hiddenBy: "schema-type-unsupported" },
      { rule: "forbidden-unique-items", line: 30, apiserver: true, hiddenBy: undefined },
      { rule: "schema-type-unsupported", line: 32, apiserver: true, hiddenBy: undefined },
    ],
  );
  assert.deepEqual(named.json.diagnostics[0].hiddenBy, items);
});

test("a hidden error does not change the exit code: with the error in front configured as a warning, the run passes", async () => {
  const text = FOUR_RUNS.replace("          $schema: http://json-schema.org/draft-07/schema#\n", "").replace(
    '                  pattern: "[a-z"\n',
    "",
  );
  const r = await lintText(text, { rules: { "default-schema-mismatch": "warning" } });
  assert.deepEqual(
    r.diagnostics.map((d) => [d.rule, d.severity, d.hiddenBy?.rule]),
    [
      ["cel-compile-failed", "error", "default-schema-mismatch"],
      ["default-schema-mismatch", "warning", undefined],
    ],
  );
  assert.equal(r.summary.errors, 0);
  assert.deepEqual(r.summary.hidden, { errors: 1, warnings: 0, infos: 0 });
  const gated = await lintText(text, { rules: { "default-schema-mismatch": "warning" }, apiserverGates: true });
  assert.deepEqual(
    gated.diagnostics,
    r.diagnostics.filter((d) => !d.hiddenBy),
  );
});

const WIDGET_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names:
    kind: Widget
    plural: widgets
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              x-kubernetes-validations:
                - rule: self.replicas <= 5
                  message: at most 5 replicas
                - rule: self.name.startsWith('w')
                  message: name starts with w
              properties:
                name:
                  type: string
                replicas:
                  type: integer
`;

// An unknown field stops the request; once it is gone, the type error stops CEL; once that is fixed, the CEL rule fails.
const WIDGET = `apiVersion: example.com/v1
kind: Widget
metadata:
  name: w1
spec:
  colour: red
  name: 5
  replicas: 10
`;

test("validate: an unknown field, a type error and a failing CEL rule in one run, each behind the one before", (t) => {
  const dir = withFiles(t, { "crd.yaml": WIDGET_CRD, "widget.yaml": WIDGET });
  const r = crdlint(["validate", "-f", "json", "--crd", "crd.yaml", "widget.yaml"], { cwd: dir });
  assert.equal(r.status, 1);
  const at = (rule, line, column, field) => ({ rule, file: "widget.yaml", line, column, field });
  assert.deepEqual(brief(r.json.diagnostics), [
    {
      line: 1,
      column: 1,
      rule: "resource-cel-not-checked",
      severity: "error",
      apiserver: false,
      field: null,
      type: "Invalid value",
      message:
        "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
      apiserverField: "<nil>",
      value: "null",
      hiddenBy: at("resource-unknown-field", 6, 3, "spec.colour"),
    },
    {
      line: 5,
      column: 1,
      rule: "resource-cel-rule-failed",
      severity: "error",
      apiserver: false,
      field: "spec",
      type: "Invalid value",
      message: "at most 5 replicas",
      hiddenBy: at("resource-schema-invalid", 7, 3, "spec.name"),
    },
    {
      line: 6,
      column: 3,
      rule: "resource-unknown-field",
      severity: "error",
      apiserver: true,
      field: "spec.colour",
      type: "Unknown field",
      message: 'unknown field "spec.colour"',
      detail:
        'Widget in version "v1" cannot be handled as a Widget: strict decoding error: unknown field "spec.colour"; 2 further problems are hidden behind it (the apiserver stops here): --field-validation warn shows them',
    },
    {
      line: 7,
      column: 3,
      rule: "resource-schema-invalid",
      severity: "error",
      apiserver: false,
      field: "spec.name",
      type: "Invalid value",
      message: 'spec.name in body must be of type string: "integer"',
      value: '"integer"',
      hiddenBy: at("resource-unknown-field", 6, 3, "spec.colour"),
    },
  ]);
  // The rule on the invalid name fails to evaluate: that says nothing about the fixed object, so it is not reported.
  assert.ok(!r.json.diagnostics.some((d) => d.message.includes("starts")));
  assert.equal(r.json.summary.errors, 1);
  assert.deepEqual(r.json.summary.hidden, { errors: 3, warnings: 0, infos: 0 });
  const text = crdlint(["validate", "--crd", "crd.yaml", "widget.yaml"], { cwd: dir }).stdout;
  assert.match(
    text,
    /spec: Invalid value: at most 5 replicas  resource-cel-rule-failed \(reported once resource-schema-invalid at 7:3 is fixed\)/,
  );
});

test("validate --apiserver-gates: only the unknown field, as the apiserver answers", (t) => {
  const dir = withFiles(t, { "crd.yaml": WIDGET_CRD, "widget.yaml": WIDGET });
  const all = crdlint(["validate", "-f", "json", "--crd", "crd.yaml", "widget.yaml"], { cwd: dir });
  const gated = crdlint(["validate", "-f", "json", "--apiserver-gates", "--crd", "crd.yaml", "widget.yaml"], {
    cwd: dir,
  });
  assert.equal(gated.status, 1);
  assert.deepEqual(
    gated.json.diagnostics,
    all.json.diagnostics.filter((d) => !d.hiddenBy),
  );
  assert.deepEqual(
    gated.json.diagnostics.map((d) => d.rule),
    ["resource-unknown-field"],
  );
  assert.equal(gated.json.summary.hidden, undefined);
  // Without the unknown field the type error is the apiserver's answer, and the CEL failure is behind it.
  const fixed = crdlint(["validate", "-f", "json", "--crd", "crd.yaml", "-"], {
    cwd: dir,
    input: WIDGET.replace("  colour: red\n", ""),
  });
  assert.deepEqual(
    fixed.json.diagnostics.map((d) => [d.rule, d.apiserver, d.hiddenBy?.rule]),
    [
      ["resource-cel-not-checked", true, undefined],
      ["resource-cel-rule-failed", false, "resource-schema-invalid"],
      ["resource-schema-invalid", true, undefined],
    ],
  );
});
