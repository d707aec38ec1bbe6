// Plain YAML scalars, keys and explicit tags read as kubectl reads them (go-yaml v2's resolve.go as vendored by
// sigs.k8s.io/yaml v1.4.0, then sigs.k8s.io/yaml's key names). Every expectation below was written down from the
// output of `kubectl create --dry-run=client --validate=false -o json` (kubectl 1.32.4): the JSON text kubectl
// sends for `v: <scalar>`, the object name it sends for `<key>: 1`, or the error it stops with.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadText } from "../../dist/load/document.js";
import { kubectlMissing, startKubectlReader } from "../helpers/kubectl.mjs";

// [plain scalar, kubectl's JSON text for it]
const PLAIN_VALUES = [
  ["e2", '"e2"'],
  ["E5", '"E5"'],
  ["e10", '"e10"'],
  ["1e3", "1000"],
  ["1E3", "1000"],
  ["1e+3", "1000"],
  ["1e-3", "0.001"],
  [".5", "0.5"],
  ["-.5", "-0.5"],
  ["+.5", "0.5"],
  ["1.", "1"],
  ["-1.", "-1"],
  ["09", "9"],
  ["0755", "493"],
  ["0x1F", "31"],
  ["0X1F", "31"],
  ["0o17", "15"],
  ["0O17", "15"],
  ["0b101", "5"],
  ["-0b101", "-5"],
  ["+1", "1"],
  ["-1", "-1"],
  ["+0x1F", "31"],
  ["-0x1F", "-31"],
  ["1_000", "1000"],
  ["0x_1F", "31"],
  ["1__0", "10"],
  ["1_0.5", "10.5"],
  ["0", "0"],
  ["-0", "0"],
  ["00", "0"],
  ["-0.0", "0"],
  ["0.0", "0"],
  ["1.0", "1"],
  ["1.50", "1.5"],
  ["3.14159265358979", "3.14159265358979"],
  ["12:30", '"12:30"'],
  ["190:20:30", '"190:20:30"'],
  ["2001-12-14", '"2001-12-14"'],
  ["2001-12-14T21:59:43.10-05:00", '"2001-12-14T21:59:43.10-05:00"'],
  ["2001-13-45", '"2001-13-45"'],
  ["y", "true"],
  ["Y", "true"],
  ["yes", "true"],
  ["Yes", "true"],
  ["YES", "true"],
  ["yEs", '"yEs"'],
  ["n", "false"],
  ["N", "false"],
  ["no", "false"],
  ["NO", "false"],
  ["on", "true"],
  ["On", "true"],
  ["ON", "true"],
  ["off", "false"],
  ["OFF", "false"],
  ["true", "true"],
  ["True", "true"],
  ["TRUE", "true"],
  ["tRUE", '"tRUE"'],
  ["false", "false"],
  ["FALSE", "false"],
  ["o", '"o"'],
  ["t", '"t"'],
  ["f", '"f"'],
  ["~", "null"],
  ["null", "null"],
  ["Null", "null"],
  ["NULL", "null"],
  ["nULL", '"nULL"'],
  ["", "null"],
  ["1e999", '"1e999"'],
  ["-1e-400", "0"],
  ["1e20", "100000000000000000000"],
  ["1e21", "1e+21"],
  ["0.0000001", "1e-7"],
  ["9007199254740993", "9007199254740993"],
  ["9223372036854775807", "9223372036854775807"],
  ["9223372036854775808", "9223372036854776000"],
  ["-9223372036854775808", "-9223372036854775808"],
  ["-9223372036854775809", "-9223372036854776000"],
  ["18446744073709551615", "18446744073709552000"],
  ["18446744073709551616", "18446744073709552000"],
  ["+9223372036854775808", "9223372036854776000"],
  ["0x10000000000000000", '"0x10000000000000000"'],
  ["0xFFFFFFFFFFFFFFFF", "18446744073709552000"],
  ["0b", '"0b"'],
  ["0x", '"0x"'],
  ["0o", '"0o"'],
  ["0x1G", '"0x1G"'],
  ["08", "8"],
  ["0.1.2", '"0.1.2"'],
  ["1e", '"1e"'],
  ["1e+", '"1e+"'],
  ["+", '"+"'],
  [".", '"."'],
  ["._5", '"._5"'],
  [".5_0", "0.5"],
  [".e5", '".e5"'],
  ["1.2.3", '"1.2.3"'],
  ["--1", '"--1"'],
  ["+-1", '"+-1"'],
  ["123abc", '"123abc"'],
  ["0x1F_", "31"],
  ["_1", '"_1"'],
  ["-_1", "-1"],
  ["1:1", '"1:1"'],
  ["1.0e+3", "1000"],
  ["6.8523e+5", "685230"],
  ["685.230_15e+03", "685230.15"],
  ["685_230.15", "685230.15"],
  ["+685_230", "685230"],
  ["02472256", "685230"],
  ["0x_0A_74_AE", "685230"],
  ["0b1010_0111_0100_1010_1110", "685230"],
  ["-0b101010", "-42"],
  ["1/2", '"1/2"'],
  ["1,000", '"1,000"'],
  ["0x1p-2", '"0x1p-2"'],
  ["inf", '"inf"'],
  ["nan", '"nan"'],
  ["Infinity", '"Infinity"'],
  ["NaN", '"NaN"'],
  ["<<", '"\\u003c\\u003c"'],
  ["=", '"="'],
  ["~foo", '"~foo"'],
  ["null_", '"null_"'],
  ["yes please", '"yes please"'],
];

// [plain key, the JSON object name kubectl sends]
const PLAIN_KEYS = [
  ["0x1F", "31"],
  ["y", "true"],
  ["n", "false"],
  ["yes", "true"],
  ["No", "false"],
  ["on", "true"],
  ["OFF", "false"],
  ["true", "true"],
  ["False", "false"],
  ["1", "1"],
  ["+1", "1"],
  ["-1", "-1"],
  ["0755", "493"],
  ["0o17", "15"],
  ["0b101", "5"],
  ["1_000", "1000"],
  ["1.5", "1.5"],
  ["1e3", "1000"],
  ["1e20", "1e+20"],
  ["1e7", "1e+07"],
  ["0.1", "0.1"],
  ["0.0001", "0.0001"],
  ["0.00001", "1e-05"],
  ["3.14159265358979", "3.1415927"],
  ["-.5", "-0.5"],
  ["1.0", "1"],
  ["09", "9"],
  ["9007199254740993", "9007199254740993"],
  ["9223372036854775807", "9223372036854775807"],
  ["-9223372036854775808", "-9223372036854775808"],
  ["18446744073709551616", "1.8446744e+19"],
  ["1e999", "1e999"],
  [".inf", ".inf"],
  ["-.inf", "-.inf"],
  [".nan", ".nan"],
  ["2001-12-14", "2001-12-14"],
  ["12:30", "12:30"],
  ["e2", "e2"],
  ["0x10000000000000000", "0x10000000000000000"],
  ["-0", "0"],
  ["16777217", "16777217"],
  ["123456789", "123456789"],
  ["1e-7", "1e-07"],
];

// [value as written (quoted, tagged, block), kubectl's JSON text for it]
const WRITTEN_VALUES = [
  ['"e2"', '"e2"'],
  ["'0x1F'", '"0x1F"'],
  ["!!str 0x1F", '"0x1F"'],
  ['!!int "0x1F"', "31"],
  ["!!int 1_000", "1000"],
  ['!!float "1"', "1"],
  ["!!float 1e3", "1000"],
  ['!!bool "on"', "true"],
  ['!!null ""', "null"],
  ["!!null null", "null"],
  ["!!timestamp 2001-12-14 21:59:43.10", '"2001-12-14 21:59:43.10"'],
  ["!!timestamp 2001-12-14T21:59:43Z", '"2001-12-14T21:59:43Z"'],
  ["!!timestamp 2001-2-3", '"2001-2-3"'],
  ['!!timestamp "2001-12-14t21:59:43+01:00"', '"2001-12-14t21:59:43+01:00"'],
  ["!!binary aGVsbG8=", '"hello"'],
  ["!!binary |\n    aGVs\n    bG8=", '"hello"'],
  ["!!binary gIGC", '"\ufffd\ufffd\ufffd"'],
  ["!foo 12", '"12"'],
  ["! 12", '"12"'],
  ["!!merge x", '"x"'],
  ['!<tag:yaml.org,2002:int> "7"', "7"],
  ["|\n    12", '"12\\n"'],
  ["!!set {x, y}", '{"true": null, "x": null}'],
  ["!!omap [{x: 1}, {y: 2}]", '[{"x": 1}, {"true": 2}]'],
  ["!!str {x: 1}", '{"x": 1}'],
];

// [key as written, the JSON object name kubectl sends]
const WRITTEN_KEYS = [
  ['"0x1F"', "0x1F"],
  ["!!str 0x1F", "0x1F"],
  ['!!int "0x1F"', "31"],
  ["!!float 1", "1"],
  ['!!bool "yes"', "true"],
];

// [line under `spec:`, what kubectl says after "error converting YAML to JSON: "]
const KUBECTL_FAILS = [
  ["  v: .inf", "json: unsupported value: +Inf"],
  ["  v: .Inf", "json: unsupported value: +Inf"],
  ["  v: .INF", "json: unsupported value: +Inf"],
  ["  v: +.inf", "json: unsupported value: +Inf"],
  ["  v: -.inf", "json: unsupported value: -Inf"],
  ["  v: .nan", "json: unsupported value: NaN"],
  ["  v: .NaN", "json: unsupported value: NaN"],
  ["  v: !!float .inf", "json: unsupported value: +Inf"],
  ["  v: !!int abc", "yaml: cannot decode !!str `abc` as a !!int"],
  ["  v: !!int 1.5", "yaml: cannot decode !!float `1.5` as a !!int"],
  ["  v: !!int", "yaml: cannot decode !!null `` as a !!int"],
  ["  v: !!float abc", "yaml: cannot decode !!str `abc` as a !!float"],
  ["  v: !!float 18446744073709551615", "yaml: cannot decode !!int `18446744073709551615` as a !!float"],
  ["  v: !!bool 1", "yaml: cannot decode !!int `1` as a !!bool"],
  ["  v: !!null 0", "yaml: cannot decode !!int `0` as a !!null"],
  ["  v: !!timestamp 2001-02-30", "yaml: cannot decode !!str `2001-02-30` as a !!timestamp"],
  ["  v: !!timestamp 2001-13-14", "yaml: cannot decode !!str `2001-13-14` as a !!timestamp"],
  ["  v: !!timestamp 2001-12-14T21:59:43", "yaml: cannot decode !!str `2001-12-14T21:59:43` as a !!timestamp"],
  ["  v: !!timestamp 2001", "yaml: cannot decode !!int `2001` as a !!timestamp"],
  ["  v: !!timestamp abc", "yaml: cannot decode !!str `abc` as a !!timestamp"],
  ["  v: !!int |\n    12", "yaml: cannot decode !!str `12\n` as a !!int"],
  ["  v: !!binary aGVsbG8", "yaml: !!binary value contains invalid base64 data"],
  ["  ~: 1", "unsupported map key of type: %!s(<nil>), key: <nil>, value: 1"],
  ["  null: 1", "unsupported map key of type: %!s(<nil>), key: <nil>, value: 1"],
  ["  ? \n  : 1", "unsupported map key of type: %!s(<nil>), key: <nil>, value: 1"],
  ["  18446744073709551615: 1", "unsupported map key of type: uint64, key: 0xffffffffffffffff, value: 1"],
  ["  [a]: 1", 'yaml: invalid map key: []interface {}{"a"}'],
  ["  {a: 1}: 1", 'yaml: invalid map key: map[interface {}]interface {}{"a":1}'],
  ["  !!int x: 1", "yaml: cannot decode !!str `x` as a !!int"],
];

/**
 * int64 values a double cannot hold: kubectl sends them exactly, crdlint keeps the nearest double that is still an
 * int64 (its values are JavaScript numbers), so that they stay integers for the schema and CEL checks.
 */
const INT64_BEYOND_DOUBLE = new Set(["9007199254740993", "9223372036854775807", "-9223372036854775808"]);

const TWO_63 = 2 ** 63;
const isInt64 = (v) => Number.isInteger(v) && v >= -TWO_63 && v < TWO_63;

const HEAD =
  "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: scalars.example.com\nspec:\n";

function readValue(written) {
  const r = loadText(`v: ${written}\n`);
  assert.deepEqual(
    r.problems.filter((p) => p.rule !== "yaml-boolean-key"),
    [],
    `no loader problem for v: ${written}`,
  );
  return r.documents[0].value.v;
}

/** Our value against kubectl's JSON text: same JSON value, and the same digits for numbers. */
function assertSameAsKubectl(written, ours, kubectlText) {
  const theirs = JSON.parse(kubectlText);
  if (INT64_BEYOND_DOUBLE.has(written)) {
    assert.ok(isInt64(ours), `${written}: an int64`);
    assert.ok(
      Math.abs(Number(BigInt(kubectlText) - BigInt(ours))) <= 1024,
      `${written}: ${ours} is the nearest int64 double to ${kubectlText}`,
    );
    return;
  }
  assert.deepEqual(ours, theirs, `${written}: kubectl sends ${kubectlText}`);
  if (typeof theirs === "number")
    assert.equal(JSON.stringify(ours), kubectlText, `${written}: the digits kubectl sends`);
}

test("the table covers at least 60 plain scalars, values and keys", () => {
  assert.ok(PLAIN_VALUES.length >= 60, `${PLAIN_VALUES.length} values`);
  assert.ok(PLAIN_KEYS.length >= 30, `${PLAIN_KEYS.length} keys`);
});

test("plain values resolve as kubectl resolves them", () => {
  for (const [written, kubectlText] of PLAIN_VALUES) assertSameAsKubectl(written, readValue(written), kubectlText);
});

test("quoted, tagged and block values resolve as go-yaml v2 resolves them", () => {
  for (const [written, kubectlText] of WRITTEN_VALUES) assertSameAsKubectl(written, readValue(written), kubectlText);
});

test("keys become the JSON object names sigs.k8s.io/yaml gives them", () => {
  for (const [written, name] of [...PLAIN_KEYS, ...WRITTEN_KEYS]) {
    const r = loadText(`${written}: 1\n`);
    assert.deepEqual(
      r.problems.filter((p) => p.rule !== "yaml-boolean-key"),
      [],
      `no loader problem for ${written}:`,
    );
    assert.deepEqual(Object.keys(r.documents[0].value), [name], `${written}: becomes "${name}"`);
  }
});

test("a plain key read as a boolean keeps its yaml-boolean-key warning, with the name kubectl sends", () => {
  const r = loadText("spec:\n  y: 1\n  n: 2\n  true: 3\n  'on': 4\n");
  assert.deepEqual(Object.keys(r.documents[0].value.spec).sort(), ["false", "on", "true"]);
  assert.deepEqual(
    r.problems.map((p) => [p.rule, p.range.start.line, p.range.start.column]),
    [
      ["yaml-duplicate-key", 4, 3],
      ["yaml-boolean-key", 2, 3],
      ["yaml-boolean-key", 3, 3],
    ],
  );
});

test("what kubectl cannot convert to JSON is a yaml-not-json problem at the value or key, and the document is not linted", () => {
  for (const [line, kubectlError] of KUBECTL_FAILS) {
    const r = loadText(HEAD + line + "\n");
    const found = r.problems.filter((p) => p.rule === "yaml-not-json");
    assert.equal(found.length, 1, `${line}: one yaml-not-json, got ${JSON.stringify(r.problems)}`);
    assert.equal(found[0].range.start.line, 6, `${line}: on its line`);
    // kubectl's text up to the Go value it prints (`%!s(<nil>)` is how Go formats a nil type name).
    const detail = kubectlError
      .replace(/%!s\((<nil>)\)/, "$1")
      .replace(/, key: .*$/, "")
      .replace(/: (\[\]|map\[)interface.*$/, "");
    assert.ok(found[0].message.includes(detail), `${line}: message ${found[0].message} names ${detail}`);
    assert.equal(r.documents.length, 0, `${line}: the document is not linted`);
  }
});

// [a key that is an alias of an anchored scalar, what kubectl sends or the error it stops with]
const ALIAS_KEYS = [
  ["a: &x 3.14159265358979\n*x : 2\n", { a: 3.14159265358979, 3.1415927: 2 }],
  ["a: &x 0x1F\n*x : 2\n", { a: 31, 31: 2 }],
  ["a: &x y\n*x : 2\n", { a: true, true: 2 }],
  ["a: &x ~\n*x : 2\n", "unsupported map key of type: <nil>"],
  ["a: &x [1]\n*x : 2\n", "invalid map key"],
];

test("an alias used as a key is named after its anchored scalar, as kubectl names it", () => {
  for (const [text, sent] of ALIAS_KEYS) {
    const r = loadText(text);
    if (typeof sent === "string") {
      assert.equal(r.documents.length, 0, text);
      assert.ok(
        r.problems.some((p) => p.rule === "yaml-not-json" && p.message.includes(sent) && p.range.start.line === 2),
        `${text}: ${JSON.stringify(r.problems)}`,
      );
    } else {
      assert.deepEqual(r.problems, [], text);
      assert.deepEqual(r.documents[0].value, sent, text);
    }
  }
});

test("positions of renamed keys and converted values are those of the source", () => {
  const r = loadText("spec:\n  0x1F: a\n  1e20: b\n  e2: 0o17\n");
  const doc = r.documents[0];
  assert.deepEqual(doc.value.spec, { 31: "a", "1e+20": "b", e2: 15 });
  assert.deepEqual(doc.locate(["spec", "31"]).start, { line: 2, column: 3 });
  assert.deepEqual(doc.locate(["spec", "1e+20"]).start, { line: 3, column: 3 });
  assert.deepEqual(doc.locate(["spec", "e2"]), { start: { line: 4, column: 3 }, end: { line: 4, column: 11 } });
});

const missing = kubectlMissing();

test("differential: kubectl and crdlint read the same file to the same JSON", { skip: missing ?? false }, async (t) => {
  const kubectl = await startKubectlReader();
  t.after(() => kubectl.close());
  const lines = [HEAD.trimEnd(), "  values:"];
  const cases = [...PLAIN_VALUES, ...WRITTEN_VALUES];
  cases.forEach(([written], i) => lines.push(`    v${i}: ${written.replace(/\n/g, "\n  ")}`));
  lines.push("  keys:");
  [...PLAIN_KEYS, ...WRITTEN_KEYS].forEach(([written], i) => lines.push(`    k${i}:`, `      ${written}: ${i}`));
  const text = lines.join("\n") + "\n";
  const sent = await kubectl.read(text);
  assert.ok(sent.json, `kubectl read the file: ${sent.error}`);
  const theirs = JSON.parse(sent.json);
  const loaded = loadText(text);
  assert.deepEqual(
    loaded.problems.filter((p) => p.rule !== "yaml-boolean-key"),
    [],
  );
  const ours = loaded.documents[0].value;
  // Key by key: the object names, then each value (int64 values a double cannot hold are the nearest int64 double).
  assert.deepEqual(ours.spec.keys, theirs.spec.keys);
  assert.deepEqual(Object.keys(ours.spec.values).sort(), Object.keys(theirs.spec.values).sort());
  cases.forEach(([written], i) => {
    const their = theirs.spec.values[`v${i}`];
    const our = ours.spec.values[`v${i}`];
    if (INT64_BEYOND_DOUBLE.has(written)) assert.ok(isInt64(our) && Math.abs(our - their) <= 1024, written);
    else
      assert.deepEqual(
        our,
        their,
        `${written}: kubectl sent ${JSON.stringify(their)}, crdlint read ${JSON.stringify(our)}`,
      );
  });
  assert.deepEqual({ ...ours, spec: null }, { ...theirs, spec: null });
  for (const [aliasText, sentValue] of ALIAS_KEYS) {
    const file = HEAD + "  aliases:\n" + aliasText.replace(/^/gm, "    ").trimEnd() + "\n";
    const kubectlRead = await kubectl.read(file);
    // Go prints the nil type name as `%!s(<nil>)`.
    if (typeof sentValue === "string")
      assert.ok(
        kubectlRead.error?.replace("%!s(<nil>)", "<nil>").includes(sentValue),
        `${aliasText}: kubectl says ${kubectlRead.error}`,
      );
    else
      assert.deepEqual(
        JSON.parse(kubectlRead.json).spec.aliases,
        loadText(file).documents[0].value.spec.aliases,
        aliasText,
      );
  }
});

test(
  "differential: where kubectl cannot produce JSON, crdlint reports yaml-not-json",
  { skip: missing ?? false },
  async (t) => {
    const kubectl = await startKubectlReader();
    t.after(() => kubectl.close());
    for (const [line, kubectlError] of KUBECTL_FAILS) {
      const text = HEAD + line + "\n";
      const sent = await kubectl.read(text);
      assert.ok(sent.error, `kubectl accepted ${line}`);
      assert.ok(
        sent.error.includes(`error converting YAML to JSON: ${kubectlError}`),
        `${line}: kubectl says ${sent.error}`,
      );
      assert.ok(
        loadText(text).problems.some((p) => p.rule === "yaml-not-json"),
        `${line}: crdlint reports it`,
      );
    }
  },
);

// What sigs.k8s.io/yaml v1.6.0 sends for !!binary values that are not UTF-8 (the oracle's yaml op, test/oracle/):
// encoding/json writes one U+FFFD per byte that starts no valid sequence, not one per maximal invalid subpart.
test("!!binary bytes that are not UTF-8 become U+FFFD per invalid byte, as encoding/json writes them", async () => {
  const { goJsonString } = await import("../../dist/load/go-yaml.js");
  const hex = (h) => goJsonString(Buffer.from(h, "hex"));
  assert.equal(hex("e28241"), "\ufffd\ufffdA");
  assert.equal(hex("eda080"), "\ufffd\ufffd\ufffd");
  assert.equal(hex("f4908080"), "\ufffd\ufffd\ufffd\ufffd");
  assert.equal(hex("c0af"), "\ufffd\ufffd");
  assert.equal(hex("f09f9880e0a080"), "😀\u0800");
  assert.deepEqual(loadText("- !!binary Infinity\n").documents[0].value, ['"w\ufffd\ufffd+r']);
  assert.deepEqual(loadText("a: !!binary 4oJB\n").documents[0].value, { a: "\ufffd\ufffdA" });
});
