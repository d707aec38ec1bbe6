// `crdlint diff --objects`: objects read through NEW (what vanishes, what changes) and validated as a create and as an
// unchanged update (src/commands/diff/replay.ts), through the library and the CLI.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { diff, diffText } from "../../../dist/index.js";
import { tmp } from "../../helpers/tmp.mjs";
import { crdlint } from "../../helpers/cli.mjs";

const crd = (props, extra = "") => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
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
${extra}            properties: ${props}
`;
const OLD = crd(
  "{mode: {type: string, enum: [Fast, Safe, Legacy]}, replicas: {type: integer}, legacy: {type: string}, size: {type: integer, nullable: true}}",
);
const NEW = crd(
  "{mode: {type: string, enum: [Fast, Safe]}, replicas: {type: integer, minimum: 1}, size: {type: integer}, limit: {type: integer, default: 5}}",
  "            required: [replicas]\n",
);
const OBJECTS = `apiVersion: example.com/v1
kind: Widget
metadata: {name: w1, namespace: prod}
spec: {mode: Legacy, replicas: 0, legacy: "x", size: null, limit: null}
---
apiVersion: example.com/v1
kind: Widget
metadata: {name: w2}
spec: {mode: Fast, replicas: 2}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: not-a-widget}
`;

const brief = (r) =>
  r.diagnostics
    .filter((d) => d.rule.startsWith("revision-object-"))
    .map((d) => `${d.rule} ${d.severity} ${d.field} ${d.line}:${d.column}`)
    .sort();

test("objects: pruned and null-dropped fields, a null read as the default, create failures that unchanged updates pass", async () => {
  const dir = tmp({ "old.yaml": OLD, "new.yaml": NEW, "objects/widgets.yaml": OBJECTS });
  const r = await diff(["old.yaml"], ["new.yaml"], { cwd: dir, objects: ["objects"] });
  assert.deepEqual(brief(r), [
    "revision-object-invalid warning spec.mode 4:8",
    "revision-object-invalid warning spec.replicas 4:22",
    "revision-object-read-changed error spec.legacy 4:35",
    "revision-object-read-changed error spec.size 4:48",
    "revision-object-read-changed info spec.limit 4:60",
  ]);
  const byField = Object.fromEntries(
    r.diagnostics.filter((d) => d.rule.startsWith("revision-object-")).map((d) => [d.field, d]),
  );
  assert.equal(
    byField["spec.legacy"].message,
    "spec.legacy of Widget prod/w1 (v1) is not in NEW's schema: read through NEW it vanishes, and the next write loses it",
  );
  assert.equal(byField["spec.limit"].message, "spec.limit of Widget prod/w1 (v1) reads as 5 through NEW (defaulting)");
  assert.match(
    byField["spec.mode"].message,
    /^Widget prod\/w1 \(v1\) fails NEW's validation on create \(re-apply, restore\); an unchanged update passes \(ratcheting\): spec\.mode: Unsupported value: "Legacy": supported values: "Fast", "Safe"$/,
  );
  assert.equal(byField["spec.mode"].file, join("objects", "widgets.yaml"));
  assert.equal(byField["spec.mode"].effect, "objects-fail");
  // Two widgets replayed, the ConfigMap skipped; the objects file is listed with the inputs.
  assert.equal(r.summary.resources, 2);
  assert.equal(r.summary.skipped, 1);
  // Nothing was written to the inputs.
  assert.equal(readFileSync(join(dir, "objects/widgets.yaml"), "utf8"), OBJECTS);
});

test("objects: a new CEL rule fails creates, not unchanged updates; a version NEW lacks cannot be read", async () => {
  const next = crd(
    "{replicas: {type: integer}}",
    "            x-kubernetes-validations: [{rule: 'self.replicas == 1', message: one}]\n",
  );
  const stored = `apiVersion: example.com/v1
kind: Widget
metadata: {name: w3, namespace: default}
spec: {replicas: 3}
---
apiVersion: example.com/v1beta1
kind: Widget
metadata: {name: w4, namespace: default}
spec: {replicas: 1}
`;
  const dir = tmp({ "old.yaml": OLD, "new.yaml": next, "o.yaml": stored });
  const r = await diff(["old.yaml"], ["new.yaml"], { cwd: dir, objects: ["o.yaml"] });
  const objs = r.diagnostics.filter((d) => d.rule === "revision-object-invalid");
  assert.deepEqual(
    objs.map((d) => [d.severity, d.field]),
    [
      ["warning", "spec"],
      ["error", "apiVersion"],
    ],
  );
  assert.match(
    objs[0].message,
    /fails NEW's validation on create .*an unchanged update passes \(ratcheting\): spec: Invalid value: .*one$/,
  );
  assert.match(
    objs[1].message,
    /^Widget default\/w4 is example\.com\/v1beta1, which NEW no longer has \(widgets\.example\.com\)/,
  );
});

test("objects: a transition rule fails an unchanged update, not a create", async () => {
  const next = crd(
    "{replicas: {type: integer}}",
    "            x-kubernetes-validations: [{rule: 'self.replicas != oldSelf.replicas', message: must change}]\n",
  );
  const dir = tmp({
    "old.yaml": OLD,
    "new.yaml": next,
    "o.yaml": "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w5}\nspec: {replicas: 3}\n",
  });
  const r = await diff(["old.yaml"], ["new.yaml"], { cwd: dir, objects: ["o.yaml"] });
  const objs = r.diagnostics.filter((d) => d.rule === "revision-object-invalid");
  assert.deepEqual(
    objs.map((d) => d.severity),
    ["error"],
  );
  assert.match(
    objs[0].message,
    /^Widget w5 \(v1\) fails NEW's validation on an unchanged update \(a create passes\): spec: Invalid value: .*must change$/,
  );
});

test("objects: the rule switches and the library's diffText", async () => {
  const dir = tmp({ "o.yaml": OBJECTS });
  const r = await diffText(OLD, NEW, { cwd: dir, objects: ["o.yaml"], rules: { "revision-object-invalid": "off" } });
  assert.deepEqual(brief(r), [
    "revision-object-read-changed error spec.legacy 4:35",
    "revision-object-read-changed error spec.size 4:48",
    "revision-object-read-changed info spec.limit 4:60",
  ]);
});

test("objects: an unreadable --objects path is a one-line error, exit 2", async () => {
  const dir = tmp({ "old.yaml": OLD, "new.yaml": NEW, "bad.yaml": "spec: [unclosed\n" });
  await assert.rejects(diff(["old.yaml"], ["new.yaml"], { cwd: dir, objects: ["missing-dir"] }), /--objects/);
  const r = crdlint(["diff", "old.yaml", "new.yaml", "--objects", "bad.yaml"], { cwd: dir });
  assert.equal(r.status, 2);
  assert.match(r.stderr.trim(), /^crdlint: --objects: cannot read bad\.yaml:\d+:\d+: /);
  assert.equal(r.stderr.trim().split("\n").length, 1);
});

test("objects through the CLI: json output carries the object findings", () => {
  const dir = tmp({ "old.yaml": OLD, "new.yaml": NEW, "objects/a.yaml": OBJECTS });
  const r = crdlint(["diff", "old.yaml", "new.yaml", "--objects", "objects", "--format", "json"], { cwd: dir });
  assert.equal(r.status, 1);
  const rules = r.json.diagnostics.map((d) => d.rule);
  assert.ok(rules.includes("revision-object-read-changed"));
  assert.ok(rules.includes("revision-object-invalid"));
  assert.ok(rules.includes("revision-field-removed"));
});

test("objects under lint --against: the same replay as diff --objects, next to lint's own findings", () => {
  const dir = tmp({ "base/widgets.yaml": OLD, "crds/widgets.yaml": NEW, "objects/a.yaml": OBJECTS });
  const replayed = (r) =>
    r.json.diagnostics
      .filter((d) => d.rule.startsWith("revision-object-"))
      .map((d) => `${d.rule} ${d.severity} ${d.field} ${d.file}:${d.line}:${d.column}`);
  const lint = crdlint(["lint", "crds/widgets.yaml", "--against", "base", "--objects", "objects", "--format", "json"], {
    cwd: dir,
  });
  const viaDiff = crdlint(
    ["diff", "--against", "base", "crds/widgets.yaml", "--objects", "objects", "--format", "json"],
    { cwd: dir },
  );
  assert.equal(lint.status, 1);
  const file = join("objects", "a.yaml");
  assert.deepEqual(replayed(lint).sort(), [
    `revision-object-invalid warning spec.mode ${file}:4:8`,
    `revision-object-invalid warning spec.replicas ${file}:4:22`,
    `revision-object-read-changed error spec.legacy ${file}:4:35`,
    `revision-object-read-changed error spec.size ${file}:4:48`,
    `revision-object-read-changed info spec.limit ${file}:4:60`,
  ]);
  assert.deepEqual(replayed(lint), replayed(viaDiff));
  assert.equal(lint.json.summary.resources, 2);
  // Without OLD there is no revision to replay through: a usage error naming what to use instead.
  const alone = crdlint(["lint", "crds/widgets.yaml", "--objects", "objects"], { cwd: dir });
  assert.equal(alone.status, 2);
  assert.equal(
    alone.stderr.trim(),
    "crdlint: --objects needs --against (on a single revision, check objects with crdlint validate)",
  );
});
