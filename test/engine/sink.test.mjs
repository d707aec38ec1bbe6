// The diagnostics sink's builders: each decides severity, category and the apiserver flag from the rule's metadata.
import { test } from "node:test";
import assert from "node:assert/strict";
import { allRules } from "../../dist/rules/index.js";
import { Severities, runResult } from "../../dist/engine/sink.js";

const place = {
  file: "cr.yaml",
  document: 0,
  object: "x",
  range: { start: { line: 3, column: 5 }, end: { line: 3, column: 9 } },
};

test("a resource finding is the apiserver's only as an error of an apiserver rule that nothing hides", () => {
  const s = new Severities(allRules, undefined);
  const finding = { field: "spec.a", type: "Invalid value", message: "bad" };
  assert.equal(s.resource("resource-schema-invalid", "error", place, finding).apiserver, true);
  assert.equal(s.resource("resource-schema-invalid", "warning", place, finding).apiserver, false);
  assert.equal(s.resource("resource-type-meta-missing", "error", place, finding).apiserver, false);
  const hiddenBy = { rule: "resource-unknown-field", file: "cr.yaml", line: 2, column: 1, field: "spec.b" };
  const hidden = s.resource("resource-schema-invalid", "error", place, { ...finding, hiddenBy });
  assert.equal(hidden.apiserver, false);
  // The output contract's key order (the JSON formatter prints a diagnostic as built).
  assert.deepEqual(Object.keys(hidden), [
    "file",
    "document",
    "object",
    "line",
    "column",
    "endLine",
    "endColumn",
    "rule",
    "category",
    "severity",
    "apiserver",
    "field",
    "type",
    "message",
    "hiddenBy",
  ]);
});

test("a diff event is graded by its effect, else by its rule; turned off it is dropped or, asked, kept as info", () => {
  const s = new Severities(allRules, undefined);
  const removed = s.event("revision-crd-removed", place, {
    field: "metadata.name",
    message: "gone",
    effect: "data-lost",
  });
  assert.equal(removed.severity, "error");
  assert.equal(removed.effect, "data-lost");
  assert.equal(removed.category, "revision");
  const ratcheted = s.event("revision-object-invalid", place, {
    field: null,
    message: "m",
    effect: "objects-fail",
    ratcheted: true,
  });
  assert.equal(ratcheted.severity, "warning");
  assert.equal(s.event("revision-crd-duplicate", place, { field: null, message: "twice" }).severity, "warning");
  const off = new Severities(allRules, { "revision-crd-added": "off" });
  assert.equal(off.event("revision-crd-added", place, { field: null, message: "new", effect: "none" }), null);
  const kept = off.event("revision-crd-added", place, { field: null, message: "new", effect: "none", offAsInfo: true });
  assert.equal(kept.severity, "info");
});

test("a rule's report is cut at 300 characters, a revision finding's only past 1000", () => {
  const s = new Severities(allRules, undefined);
  const report = (id, message) => {
    const rule = allRules.find((r) => r.id === id);
    return s.report(rule, "error", place, {
      field: "spec",
      apiserverField: "spec",
      type: undefined,
      message,
      value: undefined,
      detail: undefined,
      suggestion: undefined,
      update: undefined,
      revision: rule.category === "revision" ? { effect: "rejected" } : undefined,
      hiddenBy: undefined,
    });
  };
  const long = "x".repeat(600);
  const lint = report("structural-type-missing", long);
  assert.ok(lint.message.length < 400 && lint.detail.startsWith(long));
  assert.equal(lint.type, allRules.find((r) => r.id === "structural-type-missing").type);
  assert.equal(report("revision-field-removed", long).message, long);
});

test("runResult sorts, drops exact repeats and counts; a string release is kept as given", () => {
  const s = new Severities(allRules, undefined);
  const d = s.resource("resource-schema-invalid", "error", place, { message: "bad" });
  const r = runResult([d, d], { files: 1, documents: 1, crds: 0, resources: 1, skipped: 0 }, "1.30", []);
  assert.equal(r.diagnostics.length, 1);
  assert.equal(r.summary.errors, 1);
  assert.deepEqual(Object.keys(r), ["diagnostics", "summary", "files", "kubernetesVersion"]);
  assert.equal(r.kubernetesVersion, "1.30");
  assert.equal(runResult([], r.summary, 31).kubernetesVersion, "1.31");
});
