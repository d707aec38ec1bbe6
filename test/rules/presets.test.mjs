// Presets: which rules each holds (every rule says where it belongs and why), how the configuration (`extends`), the
// command line (--preset) and the library (options.preset) choose one, and how `rules:` overrides it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { crdlint, root } from "../helpers/cli.mjs";
import { tmp } from "../helpers/tmp.mjs";
import { allRules } from "../../dist/rules/index.js";
import { inPreset, PRESETS, rulePreset } from "../../dist/rules/define-rule.js";
import { parseConfig } from "../../dist/config/index.js";
import { lint, lintText, validate, UsageError } from "../../dist/index.js";
import { serveLintWorker } from "../../dist/engine/lint-worker.js";

// One CRD with a finding at each level: an apiserver warning (an unrecognized format), a malfunction the apiserver
// accepts (inverted bounds: no object can set `size`), and a convention (a list of objects without a list type).
const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
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
            properties:
              name: {type: string, format: no-such-format}
              size: {type: integer, minimum: 5, maximum: 1}
              ports:
                type: array
                items: {type: object, required: [port], properties: {port: {type: integer}}}
`;
// An apiserver error in a second CRD: a scope the apiserver does not know.
const INVALID = CRD.replace("widgets.example.com", "gadgets.example.com")
  .replace(
    "plural: widgets, singular: widget, kind: Widget, listKind: WidgetList",
    "plural: gadgets, singular: gadget, kind: Gadget, listKind: GadgetList",
  )
  .replace("scope: Namespaced", "scope: Sideways");
const BOTH = `${CRD}---\n${INVALID}`;

const APISERVER = ["schema-format-unrecognized"];
const RECOMMENDED = ["lint-bounds-inverted"];
const STRICT = ["lint-list-type-missing"];
const rulesOf = (diagnostics) =>
  [...new Set(diagnostics.filter((d) => d.object === "widgets.example.com").map((d) => d.rule))].sort();
const sorted = (...lists) => lists.flat().sort();

test("every rule names its preset and says why; apiserver rules are in every preset", () => {
  for (const r of allRules) {
    const own = rulePreset(r);
    assert.ok([...PRESETS, "opt-in"].includes(own), `${r.id}: preset ${own}`);
    if (r.apiserver) {
      assert.equal(own, "apiserver", `${r.id}: an apiserver rule cannot leave the apiserver preset`);
      assert.ok(r.preset === undefined || r.preset === "apiserver", `${r.id}: an apiserver rule names no other preset`);
      for (const p of PRESETS) assert.ok(inPreset(r, p), `${r.id} is in ${p}`);
    } else {
      assert.ok(r.preset !== undefined, `${r.id}: a crdlint rule names its preset (preset:) in its metadata`);
      assert.ok(typeof r.presetWhy === "string" && r.presetWhy.length > 20, `${r.id}: presetWhy says why`);
    }
  }
  // The presets nest.
  for (const r of allRules) {
    if (inPreset(r, "apiserver")) assert.ok(inPreset(r, "recommended"), r.id);
    if (inPreset(r, "recommended")) assert.ok(inPreset(r, "strict"), r.id);
  }
  // Every error the apiserver reports is in the smallest preset, and so are its warnings.
  for (const id of ["schema-format-unrecognized", "list-type-set-non-scalar", "crd-v1beta1-deprecated", "yaml-syntax"])
    assert.equal(rulePreset(allRules.find((r) => r.id === id)), "apiserver", id);
});

test("the library: recommended by default, strict adds conventions, apiserver only the apiserver's verdicts", async () => {
  const at = async (preset) => rulesOf((await lintText(CRD, preset ? { preset } : {})).diagnostics);
  assert.deepEqual(await at(undefined), sorted(APISERVER, RECOMMENDED));
  assert.deepEqual(await at("recommended"), sorted(APISERVER, RECOMMENDED));
  assert.deepEqual(await at("strict"), sorted(APISERVER, RECOMMENDED, STRICT));
  assert.deepEqual(await at("apiserver"), sorted(APISERVER));
  // The apiserver's error is there whatever the preset.
  for (const preset of PRESETS) {
    const r = await lintText(BOTH, { preset });
    assert.ok(
      r.diagnostics.some((d) => d.object === "gadgets.example.com" && d.apiserver && d.severity === "error"),
      preset,
    );
  }
  // `rules` overrides the preset both ways.
  const over = await lintText(CRD, {
    preset: "apiserver",
    rules: { "lint-list-type-missing": "error", "schema-format-unrecognized": "off" },
  });
  assert.deepEqual(rulesOf(over.diagnostics), ["lint-list-type-missing"]);
  assert.equal(over.diagnostics.find((d) => d.rule === "lint-list-type-missing").severity, "error");
  // An opt-in rule stays off in strict, and runs when named.
  assert.ok(
    !(await lintText(CRD, { preset: "strict" })).diagnostics.some((d) => d.rule === "lint-missing-description"),
  );
  assert.ok(
    (await lintText(CRD, { rules: { "lint-missing-description": "info" } })).diagnostics.some(
      (d) => d.rule === "lint-missing-description",
    ),
  );
  await assert.rejects(
    lintText(CRD, { preset: "strcit" }),
    (e) => e instanceof UsageError && /unknown preset "strcit".*apiserver, recommended, strict/.test(e.message),
  );
});

test("a loader finding of a rule outside the preset is not shown (yaml-boolean-key under apiserver)", async () => {
  const text = CRD.replace(
    "              name: {type: string",
    "              n: {type: string}\n              name: {type: string",
  );
  assert.ok((await lintText(text)).diagnostics.some((d) => d.rule === "yaml-boolean-key"));
  assert.ok(!(await lintText(text, { preset: "apiserver" })).diagnostics.some((d) => d.rule === "yaml-boolean-key"));
  const v = await validate(["-"], { preset: "apiserver", stdin: async () => text });
  assert.ok(!v.diagnostics.some((d) => d.rule === "yaml-boolean-key"), "validate honours the preset too");
  assert.ok(
    (await validate(["-"], { stdin: async () => text })).diagnostics.some((d) => d.rule === "yaml-boolean-key"),
  );
});

test("worker threads lint with the preset of the run", async () => {
  // Over MIN_PARALLEL_BYTES (1 MiB) in two files, so that jobs: 2 starts a worker; a comment makes up the bytes.
  const many = (name) =>
    Array.from({ length: 20 }, (_, i) =>
      CRD.replaceAll("widgets", `w${name}${i}s`)
        .replaceAll("widget,", `w${name}${i},`)
        .replaceAll("Widget", `W${name}${i}`),
    ).join("---\n");
  const padding = `# ${"x".repeat(98)}\n`.repeat(11000);
  const dir = tmp({ "a.yaml": padding + many("a"), "b.yaml": many("b") });
  const sizes = ["a.yaml", "b.yaml"].map((f) => readFileSync(join(dir, f)).length);
  assert.ok(sizes[0] + sizes[1] > 1024 * 1024, `inputs of ${sizes} bytes start a worker`);
  for (const preset of ["apiserver", "strict"]) {
    const one = await lint(["a.yaml", "b.yaml"], { cwd: dir, preset, jobs: 1 });
    const two = await lint(["a.yaml", "b.yaml"], { cwd: dir, preset, jobs: 2 });
    assert.deepEqual(two.diagnostics, one.diagnostics, preset);
    assert.equal(
      two.diagnostics.some((d) => d.rule === "lint-list-type-missing"),
      preset === "strict",
    );
    // Which thread takes which file is up to timing: a worker given the queue, on this thread, must agree too.
    const outcomes = [];
    await serveLintWorker(
      { postMessage: (m) => outcomes.push(m) },
      {
        crdlintLintWorker: true,
        ruleIds: allRules.map((r) => r.id),
        options: { kubernetesVersion: "1.37", preset, maxFileSizeBytes: 32 << 20, cwd: dir },
        queue: [{ index: 0, file: "b.yaml" }],
        next: new Int32Array(new SharedArrayBuffer(4)),
      },
    );
    const fromWorker = outcomes[0].outcome.diagnostics;
    assert.equal(
      fromWorker.some((d) => d.rule === "lint-list-type-missing"),
      preset === "strict",
      `the worker lints with ${preset}`,
    );
    assert.equal(
      fromWorker.some((d) => d.rule === "lint-bounds-inverted"),
      preset === "strict",
      `the worker lints with ${preset}`,
    );
  }
});

test("configuration: extends: [crdlint:<preset>] (or a string); rules still override; bad entries are named", () => {
  const known = new Set(allRules.map((r) => r.id));
  assert.equal(parseConfig("extends: [crdlint:strict]\n", "c.yaml", known).config.preset, "strict");
  assert.equal(parseConfig("extends: crdlint:apiserver\n", "c.yaml", known).config.preset, "apiserver");
  assert.equal(parseConfig("extends: []\n", "c.yaml", known).config.preset, undefined);
  assert.equal(parseConfig("rules: {}\n", "c.yaml", known).config.preset, undefined);
  for (const [text, message] of [
    [
      "extends: [crdlint:strcit]\n",
      /c\.yaml:1: extends: unknown preset "crdlint:strcit" \(did you mean crdlint:strict\?\)/,
    ],
    ["extends: [strict]\n", /c\.yaml:1: extends: unknown preset "strict" \(did you mean crdlint:strict\?\)/],
    ["extends: [eslint:recommended]\n", /crdlint extends only its own presets/],
    [
      "extends:\n  - crdlint:recommended\n  - crdlint:strict\n",
      /c\.yaml:2: extends: name one preset, got crdlint:recommended, crdlint:strict/,
    ],
    [
      "extends: {a: b}\n",
      /extends: must be crdlint:apiserver, crdlint:recommended, crdlint:strict \(or a list of one\), got a mapping/,
    ],
    ["extend: [crdlint:strict]\n", /unknown key "extend" \(did you mean extends\?\)/],
  ]) {
    const r = parseConfig(text, "c.yaml", known);
    assert.equal(r.ok, false, text);
    assert.match(r.error, message);
  }
});

test("the CLI: --preset, extends in .crdlint.yaml, the flag over the config, and an unknown preset exits 2", () => {
  const dir = tmp({
    "crd.yaml": CRD,
    "strict/.crdlint.yaml": "extends: [crdlint:strict]\nrules:\n  lint-bounds-inverted: off\n",
    "strict/crd.yaml": CRD,
  });
  const run = (args, cwd = dir) => crdlint(["lint", "-f", "json", ...args], { cwd });
  assert.deepEqual(rulesOf(run(["crd.yaml"]).json.diagnostics), sorted(APISERVER, RECOMMENDED));
  assert.deepEqual(
    rulesOf(run(["--preset", "strict", "crd.yaml"]).json.diagnostics),
    sorted(APISERVER, RECOMMENDED, STRICT),
  );
  assert.deepEqual(rulesOf(run(["--preset=apiserver", "crd.yaml"]).json.diagnostics), APISERVER);
  const strictDir = join(dir, "strict");
  assert.deepEqual(
    rulesOf(run(["crd.yaml"], strictDir).json.diagnostics),
    sorted(APISERVER, STRICT),
    "extends, with rules on top",
  );
  assert.deepEqual(
    rulesOf(run(["--preset", "apiserver", "crd.yaml"], strictDir).json.diagnostics),
    APISERVER,
    "the flag wins over extends",
  );
  const bad = crdlint(["lint", "--preset", "strcit", "crd.yaml"], { cwd: dir });
  assert.equal(bad.status, 2);
  assert.equal(
    bad.stderr,
    'crdlint: --preset: unknown preset "strcit" (did you mean strict?); expected apiserver, recommended, strict\n',
  );
  const badConfig = crdlint(["lint", "crd.yaml"], {
    cwd: tmp({ ".crdlint.yaml": "extends: crdlint:loud\n", "crd.yaml": CRD }),
  });
  assert.equal(badConfig.status, 2);
  assert.match(
    badConfig.stderr,
    /^crdlint: invalid config: .*\.crdlint\.yaml:1: extends: unknown preset "crdlint:loud"/,
  );
  // cost and validate take the flag too (and check it).
  assert.equal(crdlint(["cost", "--preset", "nope", "crd.yaml"], { cwd: dir }).status, 2);
  assert.equal(crdlint(["validate", "--preset", "nope", "--crd", "crd.yaml", "crd.yaml"], { cwd: dir }).status, 2);
  assert.equal(crdlint(["validate", "--preset", "apiserver", "--crd", "crd.yaml", "crd.yaml"], { cwd: dir }).status, 0);
});

test("crdlint rules shows each rule's preset, filters by preset, and a rule's page says why", () => {
  const list = crdlint(["rules"]);
  assert.equal(list.status, 0);
  assert.match(list.stdout, /^RULE +CATEGORY +SEVERITY +PRESET +APISERVER +DESCRIPTION/);
  assert.match(list.stdout, /\nlint-list-type-missing +list-types +warning +strict +no /);
  assert.match(list.stdout, /\nlint-bounds-inverted +schema-values +warning +recommended +no /);
  assert.match(list.stdout, /\nlint-missing-description +schema-values +info +opt-in +no /);
  const counts = Object.fromEntries(
    [...PRESETS, "opt-in"].map((p) => [p, allRules.filter((r) => rulePreset(r) === p).length]),
  );
  assert.ok(
    list.stdout.includes(
      `${counts.apiserver} in apiserver, ${counts.recommended} in recommended, ${counts.strict} in strict, ${counts["opt-in"]} opt-in`,
    ),
    list.stdout.slice(-600),
  );
  const json = crdlint(["rules", "--format", "json"]).json;
  for (const row of json) {
    const rule = allRules.find((r) => r.id === row.id);
    assert.equal(row.preset, rulePreset(rule), row.id);
    assert.equal(row.enabledByDefault, inPreset(rule, "recommended"), row.id);
    assert.ok(row.presetWhy, row.id);
  }
  for (const p of PRESETS) {
    const only = crdlint(["rules", "--preset", p, "--format", "json"])
      .json.map((r) => r.id)
      .sort();
    assert.deepEqual(
      only,
      allRules
        .filter((r) => inPreset(r, p))
        .map((r) => r.id)
        .sort(),
      p,
    );
  }
  assert.equal(crdlint(["rules", "--preset", "all"]).status, 2);
  const page = crdlint(["rules", "lint-default-on-required"]).stdout;
  assert.match(page, /\n  preset +strict \(off by default: --preset strict/);
  assert.match(page, /\nWhy in the strict preset\n\n {4}Redundant, not broken/);
});

test("each rule page (docs/rules/<id>.md) names its preset and why", () => {
  for (const r of allRules) {
    const page = readFileSync(join(root, "docs", "rules", `${r.id}.md`), "utf8");
    assert.match(page, new RegExp(`\\| preset \\| ${rulePreset(r) === "opt-in" ? "none" : rulePreset(r)} `), r.id);
    assert.match(
      page,
      rulePreset(r) === "opt-in"
        ? /\n## Why opt-in\n\n\S/
        : new RegExp(`\\n## Why in the ${rulePreset(r)} preset\\n\\n\\S`),
      r.id,
    );
  }
});
