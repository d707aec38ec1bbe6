// The verdicts of `crdlint diff` a maintainer acts on, through the CLI: a bundle of two hand-written CRDs
// (test/fixtures/revisions/verdicts/) whose update holds one of each grading that used to be wrong (a required
// metadata, a widened pattern, a transition rule moved, a default changed under status with the status subresource,
// storage moved back, a long rule edited) and the report's end (a summary per CRD, the verdict line). The text and
// Markdown outputs are golden files (UPDATE_GOLDEN=1 rewrites them: read the diff); the JSON diagnostics of the
// corrected gradings are asserted whole.
import { test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crdlint, root, withoutUrl } from "../../helpers/cli.mjs";

const OLD = "test/fixtures/revisions/verdicts/old.yaml";
const NEW = "test/fixtures/revisions/verdicts/new.yaml";
const env = { NO_COLOR: "1", FORCE_COLOR: undefined, GITHUB_ACTIONS: undefined, CI: undefined, TERM: "dumb" };

function golden(name, got) {
  const file = join(root, "test", "report", "golden", name);
  if (process.env.UPDATE_GOLDEN) writeFileSync(file, got);
  assert.equal(got, readFileSync(file, "utf8"));
}

for (const format of ["text", "markdown"]) {
  test(`crdlint diff -f ${format} on a bundle is its golden file (every finding names its CRD; a summary per CRD and the verdict end it)`, () => {
    const r = crdlint(["diff", "-f", format, "--kubernetes-version", "1.37", OLD, NEW], { env });
    assert.equal(r.stderr, "");
    assert.equal(r.status, 1);
    golden(`diff-${format}.golden`, r.stdout);
  });
}

test("diff text: in a bundle every revision finding names its CRD, and the verdict line closes the report", () => {
  const r = crdlint(["diff", "--kubernetes-version", "1.37", OLD, NEW], { env });
  const rows = r.stdout.split("\n").filter((l) => /^ {2}\d+:\d+ /.test(l));
  assert.equal(rows.length, 10);
  for (const l of rows)
    assert.match(l, /^ {2}\d+:\d+ +(error|warning|info) +(backups|restores)\.storage\.example\.com: /, l);
  const lines = r.stdout.trimEnd().split("\n");
  assert.equal(
    lines.at(-1),
    "verdict: the apiserver accepts this update; 1 change loses stored data, 4 changes make existing objects fail (3 only when the value changes), 1 change needs a storage migration, 4 for information",
  );
  assert.match(
    lines.at(-3),
    /^ {2}backups\.storage\.example\.com +error +6 findings: 1 data lost, 2 objects fail \(2 ratcheted\), 1 migration needed, 1 visible change, 1 no effect$/,
  );
});

test("diff --format github: in a bundle every annotation names its CRD (an annotation sits on one line of a file of several CRDs)", () => {
  const r = crdlint(["diff", "--kubernetes-version", "1.37", OLD, NEW, "-f", "github"], { env });
  const annotations = r.stdout.trimEnd().split("\n");
  assert.equal(annotations.length, 10);
  for (const a of annotations)
    assert.match(
      a,
      /^::(error|warning|notice) file=test\/fixtures\/revisions\/verdicts\/(new|old)\.yaml,line=\d+,.*title=revision-[a-z-]+::(backups|restores)\.storage\.example\.com: /,
      a,
    );
});

test("diff text: a file of one CRD keeps its lines as they were (no CRD name), and a clean update says so", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-verdicts-"));
  try {
    const [oldBackups] = readFileSync(join(root, OLD), "utf8").split("\n---\n");
    const [newBackups] = readFileSync(join(root, NEW), "utf8").split("\n---\n");
    writeFileSync(join(dir, "old.yaml"), oldBackups);
    writeFileSync(join(dir, "new.yaml"), newBackups);
    const r = crdlint(["diff", "--kubernetes-version", "1.37", join(dir, "old.yaml"), join(dir, "new.yaml")], { env });
    assert.doesNotMatch(r.stdout, /backups\.storage\.example\.com: /);
    assert.match(
      r.stdout,
      /\nverdict: the apiserver accepts this update; 1 change loses stored data, 2 changes make existing objects fail \(all only when the value changes\), 1 change needs a storage migration, 2 for information\n$/,
    );
    const same = crdlint(["diff", "--kubernetes-version", "1.37", join(dir, "old.yaml"), join(dir, "old.yaml")], {
      env,
    });
    assert.equal(same.status, 0);
    assert.match(same.stdout, /✔ no problems .*\nverdict: the apiserver accepts this update; nothing breaks\n$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("lint --against ends with the same verdict; plain lint has none", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-verdicts-"));
  try {
    copyFileSync(join(root, OLD), join(dir, "crds.yaml"));
    const r = crdlint(["lint", "--kubernetes-version", "1.37", "--against", dir, NEW], { env });
    assert.match(
      r.stdout,
      /\nverdict: the apiserver accepts this update; 1 change loses stored data, 4 changes make existing objects fail/,
    );
    const md = crdlint(["lint", "-f", "markdown", "--kubernetes-version", "1.37", "--against", dir, NEW], { env });
    assert.match(
      md.stdout,
      /^### crdlint: CRD update \(Kubernetes 1\.37\)\n\n\*\*verdict: the apiserver accepts this update;/,
    );
    const plain = crdlint(["lint", "--kubernetes-version", "1.37", NEW], { env });
    assert.doesNotMatch(plain.stdout, /verdict:/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("diff --format json: the corrected gradings, whole", () => {
  const r = crdlint(["diff", "-f", "json", "--kubernetes-version", "1.37", OLD, NEW], { env });
  const all = withoutUrl(JSON.parse(r.stdout).diagnostics);
  const find = (rule, field) => {
    const d = all.find((x) => x.rule === rule && x.field.endsWith(field));
    assert.ok(d, `${rule} at ${field}`);
    return d;
  };
  const base = { file: NEW, type: null, category: "revision", apiserver: false };
  assert.deepEqual(find("revision-required-added", "openAPIV3Schema.required[0]"), {
    ...base,
    document: 1,
    object: "restores.storage.example.com",
    line: 72,
    column: 15,
    endLine: 72,
    endColumn: 23,
    rule: "revision-required-added",
    severity: "info",
    field: "spec.versions[0].schema.openAPIV3Schema.required[0]",
    apiserverField: "spec.validation.openAPIV3Schema.required[0]",
    message:
      "metadata is now required in the object root (v1): every object has it (the apiserver sets apiVersion, kind and metadata on every object it stores), so no object fails",
    effect: "none",
    version: "v1",
  });
  const widened = find("revision-pattern-changed", "properties[bucket].pattern");
  assert.deepEqual(
    [widened.severity, widened.effect, widened.message],
    [
      "info",
      "none",
      "pattern of spec.bucket (v1) widened from `^[a-z0-9]+$` to `^[a-z0-9_]+$`: it accepts every value the old one accepted, so no object fails",
    ],
  );
  const narrowed = find("revision-pattern-changed", "properties[schedule].pattern");
  assert.deepEqual([narrowed.severity, narrowed.effect], ["warning", "objects-fail"]);
  assert.match(narrowed.message, /may not match the new one/);
  const moved = find("revision-cel-rule-changed", "properties[prefix].x-kubernetes-validations[0].rule");
  assert.deepEqual([moved.severity, moved.effect], ["warning", "objects-fail"]);
  assert.match(
    moved.message,
    /^transition rule `self == oldSelf` moved from spec\.bucket to spec\.prefix \(v1\): it runs only on updates where spec\.prefix had a value \(it uses oldSelf\), so creates pass;/,
  );
  assert.doesNotMatch(moved.message, /next create/);
  const status = find("revision-default-changed", "properties[reason].default");
  assert.deepEqual([status.severity, status.effect], ["info", "behaviour-changed"]);
  const storage = find("revision-storage-version-changed", "spec.versions[0].storage");
  assert.deepEqual([storage.severity, storage.effect, storage.version], ["warning", "migration-needed", "v1beta1"]);
  const rule = find("revision-cel-rule-changed", "properties[spec].x-kubernetes-validations[0].rule");
  assert.equal(
    rule.message,
    "CEL rule on spec (v1) changed from `….endsWith('-tmp') && self.t…` to `….endsWith('-temp') && self.t…` (at character 89): objects that break it fail their next create and any update that changes it (unchanged values pass: ratcheting); the new text gets only the previous release's CEL libraries (A11)",
  );
  assert.match(
    rule.detail,
    /\nbefore: self\.target\.size\(\) > 0 .*'-tmp'.*\nafter: self\.target\.size\(\) > 0 .*'-temp'/,
  );
  // Every finding names its CRD in JSON (`object`, a field of the contract from the start).
  for (const d of all) assert.match(d.object, /^(backups|restores)\.storage\.example\.com$/);
});

test("a long changed value is shown by the stretches that differ, each with a little context; detail has both whole", async () => {
  const { shownChange } = await import("../../../dist/rules/revision/schema-changes.js");
  assert.deepEqual(shownChange("Waiting", "Pending"), { text: "`Waiting` to `Pending`" });
  const before = "self.type == 'Hostname' ? self.exists_one(a2, a2.type == a1.type && a2.value == a1.value) : true";
  const after =
    "self.type == 'Hostname' && has(a1.value) ? self.exists_one(a2, a2.type == a1.type && has(a2.value) && a2.value == a1.value) : true";
  const r = shownChange(before, after);
  assert.equal(
    r.text,
    "`… 'Hostname' ? self.exist…` to `… 'Hostname' && has(a1.value) ? self.exist…`, and `…e == a1.type && a2.value…` to `…e == a1.type && has(a2.value) && a2.value…` (at character 25)",
  );
  assert.equal(r.detail, `before: ${before}\nafter: ${after}`);
  const many = shownChange(
    "a0 b c d e f g h i j k l m n o p q r s t u v w x y z 0 1 2 3 4 5 6 7 8 9",
    "a1 b c d e f g h i j k l m n o p q r s t u v w x y z 0 1 2 3 4 5 6 7 8 7",
  );
  // Twelve characters of context on each side of each stretch.
  assert.equal(
    many.text,
    "`a0 b c d e f g…` to `a1 b c d e f g…`, and `…3 4 5 6 7 8 9` to `…3 4 5 6 7 8 7` (at character 1)",
  );
});

test("diff -q: the verdict counts the errors shown and says that warnings were left out", () => {
  const r = crdlint(["diff", "-q", "--kubernetes-version", "1.37", OLD, NEW], { env });
  assert.equal(r.status, 1);
  assert.match(
    r.stdout,
    /\nverdict: the apiserver accepts this update; 1 change loses stored data, 1 change makes existing objects fail \(-q: errors only\)\n$/,
  );
  assert.doesNotMatch(r.stdout, /nothing breaks/);
});

test("diff -f markdown stays within a pull-request comment's size (65,536 characters), saying what it leaves out", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-verdicts-"));
  try {
    const bundle = (pattern) =>
      Array.from({ length: 8 }, (_, i) => {
        const fields = Array.from(
          { length: 60 },
          (_, f) => `                field${f}: {type: string, pattern: '${pattern}'}`,
        ).join("\n");
        return `apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: kind${i}s.example.com\nspec:\n  group: example.com\n  scope: Namespaced\n  names: {plural: kind${i}s, singular: kind${i}, kind: Kind${i}, listKind: Kind${i}List}\n  versions:\n    - name: v1\n      served: true\n      storage: true\n      schema:\n        openAPIV3Schema:\n          type: object\n          properties:\n            spec:\n              type: object\n              properties:\n${fields}\n`;
      }).join("---\n");
    writeFileSync(join(dir, "old.yaml"), bundle("^[a-z]+$"));
    writeFileSync(join(dir, "new.yaml"), bundle("^[a-y]+$"));
    const r = crdlint(["diff", "-f", "markdown", join(dir, "old.yaml"), join(dir, "new.yaml")], { env });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(r.stdout.length < 65536, `${r.stdout.length} characters`);
    assert.match(
      r.stdout,
      /\*\*verdict: the apiserver accepts this update; 480 changes make existing objects fail \(all only when the value changes\)\*\*/,
    );
    assert.match(r.stdout, /\n… and 10 more of this CRD \(`--format json` has them all\)\n/);
    assert.match(
      r.stdout,
      /\n… and \d+ more findings of other CRDs, left out to fit a comment \(`--format json` has them all\)\n/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("diff --format json adds the verdict (text, rejected, per CRD); plain lint has none", () => {
  const r = crdlint(["diff", "-f", "json", "--kubernetes-version", "1.37", OLD, NEW], { env });
  assert.deepEqual(JSON.parse(r.stdout).verdict, {
    text: "the apiserver accepts this update; 1 change loses stored data, 4 changes make existing objects fail (3 only when the value changes), 1 change needs a storage migration, 4 for information",
    rejected: false,
    crds: [
      {
        name: "backups.storage.example.com",
        worst: "error",
        findings: 6,
        effects: { "data-lost": 1, "objects-fail": 2, "migration-needed": 1, "behaviour-changed": 1, none: 1 },
        ratcheted: 2,
      },
      {
        name: "restores.storage.example.com",
        worst: "error",
        findings: 4,
        effects: { "objects-fail": 2, none: 2 },
        ratcheted: 1,
      },
    ],
  });
  const lint = crdlint(["lint", "-f", "json", "--kubernetes-version", "1.37", NEW], { env });
  assert.equal(JSON.parse(lint.stdout).verdict, undefined);
});

test("an update the apiserver refuses says so first, counting the CRDs and errors", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-verdicts-"));
  try {
    const [oldBackups] = readFileSync(join(root, OLD), "utf8").split("\n---\n");
    writeFileSync(join(dir, "old.yaml"), oldBackups);
    writeFileSync(join(dir, "new.yaml"), oldBackups.replace("plural: backups", "plural: backupz"));
    const r = crdlint(["diff", "--kubernetes-version", "1.37", join(dir, "old.yaml"), join(dir, "new.yaml")], { env });
    assert.equal(r.status, 1);
    assert.match(r.stdout, /\nverdict: the apiserver rejects this update \(1 CRD: 1 error\)\n$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("diff text: in a bundle whose only change is in its first CRD, that finding still names its CRD", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-verdicts-"));
  try {
    const [oldBackups, oldRestores] = readFileSync(join(root, OLD), "utf8").split("\n---\n");
    writeFileSync(join(dir, "old.yaml"), `${oldBackups}\n---\n${oldRestores}`);
    writeFileSync(
      join(dir, "new.yaml"),
      `${oldBackups.replace("pattern: ^[0-9*/ ,-]+$", "pattern: ^[0-9*/ ]+$")}\n---\n${oldRestores}`,
    );
    const r = crdlint(["diff", "--kubernetes-version", "1.37", join(dir, "old.yaml"), join(dir, "new.yaml")], { env });
    const rows = r.stdout.split("\n").filter((l) => /^ {2}\d+:\d+ /.test(l));
    assert.equal(rows.length, 1);
    assert.match(
      rows[0],
      / warning backups\.storage\.example\.com: spec\.versions\[1\]\.schema\.openAPIV3Schema\.properties\[spec\]\.properties\[schedule\]\.pattern: pattern of spec\.schedule/,
    );
    // From standard input too, named as --stdin-filename says.
    const piped = crdlint(
      ["diff", "--kubernetes-version", "1.37", "--stdin-filename", "crds.yaml", join(dir, "old.yaml"), "-"],
      { env, input: readFileSync(join(dir, "new.yaml"), "utf8") },
    );
    assert.match(piped.stdout, /^crds\.yaml\n {2}\d+:\d+ +warning backups\.storage\.example\.com: /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("diff --objects: replayed objects are one row of the summary and a clause of the verdict, not CRDs or changes", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-verdicts-"));
  try {
    writeFileSync(
      join(dir, "backups.yaml"),
      'apiVersion: storage.example.com/v1\nkind: Backup\nmetadata: {name: nightly, namespace: default}\nspec: {bucket: data, schedule: "0 1,13 * * *"}\n',
    );
    const r = crdlint(["diff", "--kubernetes-version", "1.37", OLD, NEW, "--objects", dir], { env });
    const lines = r.stdout.trimEnd().split("\n");
    assert.match(
      lines.at(-2),
      /^ {2}objects replayed \(--objects\) +warning 1 finding: 1 objects fail \(1 ratcheted\)$/,
    );
    assert.equal(
      lines.at(-1),
      "verdict: the apiserver accepts this update; 1 change loses stored data, 4 changes make existing objects fail (3 only when the value changes), 1 change needs a storage migration, 4 for information; replayed objects: 1 finding (1 fails or loses data)",
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
