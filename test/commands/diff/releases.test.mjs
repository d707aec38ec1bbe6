// crdlint diff on real release pairs of real projects (test/fixtures/revisions/README.md names their source): a real
// upgrade failure from an issue tracker, a release that breaks stored objects, and a benign release.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { diff } from "../../../dist/index.js";
import { root } from "../../helpers/cli.mjs";

const dir = join(root, "test", "fixtures", "revisions");
const run = (project, from, to, options = {}) =>
  diff([join(dir, project, `${from}.yaml`)], [join(dir, project, `${to}.yaml`)], { cwd: root, ...options });
const notInfo = (r) => r.diagnostics.filter((d) => d.severity !== "info");

test("garage-operator v0.4.6 → v0.4.7 (issue #156): the apiserver rejects the update of a cluster that stored v1alpha1", async () => {
  const r = await run("garage-operator", "v0.4.6", "v0.4.7", { storedVersions: ["v1alpha1", "v1beta1"] });
  const errors = r.diagnostics.filter((d) => d.severity === "error");
  assert.deepEqual(
    errors.map((d) => [d.rule, d.apiserverField ?? d.field, d.type, d.value]),
    [["revision-stored-version-removed", "status.storedVersions[0]", "Invalid value", '"v1alpha1"']],
  );
  // The text the issue quotes from the cluster.
  assert.equal(
    errors[0].message,
    "missing from spec.versions; v1alpha1 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v1alpha1 and removes v1alpha1 from status.storedVersions",
  );
  assert.equal(errors[0].operation, "update");
  // The v1beta1 schema did not change in a way that breaks objects.
  assert.deepEqual(
    r.diagnostics.filter(
      (d) =>
        d.rule !== "revision-stored-version-removed" &&
        d.severity !== "info" &&
        d.category === "revision" &&
        !/version/.test(d.rule),
    ),
    [],
  );
});

test("garage-operator v0.4.6 → v0.4.9: the fix (v1alpha1 kept in spec.versions, not storage) passes", async () => {
  const r = await run("garage-operator", "v0.4.6", "v0.4.9", { storedVersions: ["v1alpha1", "v1beta1"] });
  assert.deepEqual(
    notInfo(r).map((d) => `${d.rule}: ${d.message}`),
    [],
  );
});

test("trust-manager v0.7.0 → v0.8.0: a removed status field and conditions reshaped into metav1.Condition", async () => {
  const r = await run("trust-manager", "v0.7.0", "v0.8.0");
  const got = r.diagnostics.map((d) => `${d.rule} ${d.severity} ${d.message.split(":")[0]}`);
  assert.deepEqual(got, [
    "revision-field-removed error field status.target (v1alpha1) was removed",
    "revision-required-added error lastTransitionTime is now required in status.conditions[*] (v1alpha1)",
    "revision-required-added error reason is now required in status.conditions[*] (v1alpha1)",
    "revision-bounds-tightened warning maxLength of status.conditions[*].message (v1alpha1) set to 32768",
    "revision-bounds-tightened warning minimum of status.conditions[*].observedGeneration (v1alpha1) set to 0",
    "revision-bounds-tightened warning maxLength of status.conditions[*].reason (v1alpha1) set to 1024",
    "revision-bounds-tightened warning minLength of status.conditions[*].reason (v1alpha1) set to 1",
    "revision-pattern-changed warning pattern of status.conditions[*].reason (v1alpha1) set to `^[A-Za-z]([A-Za-z0-9_,",
    "revision-enum-added warning status.conditions[*].status (v1alpha1) is now restricted to `True`, `False`, `Unknown`",
    "revision-bounds-tightened warning maxLength of status.conditions[*].type (v1alpha1) set to 316",
    "revision-pattern-changed warning pattern of status.conditions[*].type (v1alpha1) set to `^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$`",
  ]);
  // The removed field is positioned in OLD.
  assert.equal(r.diagnostics[0].file.endsWith("v0.7.0.yaml"), true);
  assert.equal(r.diagnostics[0].effect, "data-lost");
});

test("trust-manager v0.12.0 → v0.13.0: a benign release reports nothing; its description edits only when asked", async () => {
  const r = await run("trust-manager", "v0.12.0", "v0.13.0");
  assert.deepEqual(
    r.diagnostics.map((d) => `${d.rule}: ${d.message}`),
    [],
  );
  const withDescriptions = await run("trust-manager", "v0.12.0", "v0.13.0", {
    rules: { "revision-description-changed": "info" },
  });
  assert.ok(withDescriptions.diagnostics.length > 0);
  assert.deepEqual(
    [...new Set(withDescriptions.diagnostics.map((d) => `${d.rule} ${d.severity}`))],
    ["revision-description-changed info"],
  );
});

test("diff X X on every release file reports nothing", async () => {
  for (const [project, tags] of [
    ["garage-operator", ["v0.4.6", "v0.4.7", "v0.4.9"]],
    ["trust-manager", ["v0.7.0", "v0.8.0", "v0.12.0", "v0.13.0"]],
  ])
    for (const t of tags)
      assert.deepEqual(
        (await run(project, t, t)).diagnostics.map((d) => `${project} ${t} ${d.rule}: ${d.message}`),
        [],
      );
});
