// `crdlint diff OLD NEW`, `diff --against REF`, `lint --against REF` through the CLI: pairing by name across files,
// git refs (moved files, missing refs, shallow clones), live objects (kind: List with status), policy, formats, and
// bad input (exit 2 with one line, nothing written to the inputs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync, statSync, writeFileSync, renameSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { crdlint, withoutUrl } from "../../helpers/cli.mjs";
import { tmp } from "../../helpers/tmp.mjs";

const crd = ({
  name = "widgets",
  versions = [["v1", true, true]],
  extra = "",
} = {}) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${name}.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: ${name}, singular: ${name.slice(0, -1)}, kind: ${name[0].toUpperCase()}${name.slice(1, -1)}, listKind: ${name[0].toUpperCase()}${name.slice(1, -1)}List}
  versions:
${versions.map(([v, served, storage]) => `  - name: ${v}\n    served: ${served}\n    storage: ${storage}\n    schema:\n      openAPIV3Schema:\n        type: object`).join("\n")}
${extra}`;

const OLD = crd({ versions: [["v1alpha1", true, true]] });
const NEW = crd({ versions: [["v1", true, true]] });

/** Every file under dir with its content and mtime: a run must leave them as they were. */
function snapshot(dir) {
  const out = {};
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== ".git") walk(p);
      } else out[p] = [readFileSync(p, "utf8"), statSync(p).mtimeMs];
    }
  };
  walk(dir);
  return out;
}

function git(dir, ...args) {
  const r = spawnSync("git", args, {
    cwd: dir,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@example.com",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@example.com",
    },
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test("diff OLD NEW: a removed storage version is the apiserver's rejection on update, with the assumption and the migration plan", () => {
  const dir = tmp({ "old.yaml": OLD, "new.yaml": NEW });
  const before = snapshot(dir);
  const r = crdlint(["diff", "old.yaml", "new.yaml", "-f", "json"], { cwd: dir });
  assert.equal(r.status, 1, r.stderr);
  const all = withoutUrl(r.json.diagnostics);
  assert.deepEqual(
    all.map((x) => x.rule).sort(),
    ["revision-stored-version-removed", "revision-version-renamed"],
    "v1alpha1 → v1 with the same schema reads as a rename too",
  );
  const d = all.find((x) => x.rule === "revision-stored-version-removed");
  assert.equal(d.rule, "revision-stored-version-removed");
  assert.equal(d.file, "old.yaml", "the position of what was removed is in OLD");
  assert.equal(d.apiserverField, "status.storedVersions[0]");
  assert.equal(d.operation, "update");
  assert.equal(d.effect, "rejected");
  assert.deepEqual(d.assumes, ["storedVersions"]);
  assert.match(d.detail, /^assumes OLD's status\.storedVersions is \[v1alpha1\]/);
  assert.match(d.detail, /kubectl patch crd widgets\.example\.com --subresource=status/);
  assert.deepEqual(snapshot(dir), before, "nothing written to the inputs");
  const same = crdlint(["diff", "new.yaml", "new.yaml", "-f", "json"], { cwd: dir });
  assert.equal(same.status, 0);
  assert.deepEqual(same.json.diagnostics, []);
});

test("diff: directories and multi-document files pair CRDs by metadata.name; added and removed CRDs are reported", () => {
  const dir = tmp({
    "old/all.yaml": `${crd({ name: "widgets" })}---\n${crd({ name: "gadgets" })}`,
    "new/widgets.yaml": crd({ name: "widgets" }),
    "new/sub/gizmos.yaml": crd({ name: "gizmos" }),
  });
  const r = crdlint(["diff", "old", "new", "-f", "json"], { cwd: dir });
  assert.equal(r.status, 1, r.stderr);
  assert.deepEqual(
    r.json.diagnostics.map((d) => [d.rule, d.file, d.severity, d.object]),
    [
      ["revision-crd-removed", "old/all.yaml", "error", "gadgets.example.com"],
      ["revision-crd-added", "new/sub/gizmos.yaml", "info", "gizmos.example.com"],
    ].sort((a, b) => (a[1] < b[1] ? -1 : 1)),
  );
});

test("diff: live objects (kubectl get crd -o yaml, a List) use status.storedVersions and Established; --stored-versions overrides", () => {
  const live = `apiVersion: v1
kind: List
items:
- ${crd({
    versions: [
      ["v1alpha1", true, false],
      ["v1", true, true],
    ],
  }).replace(/\n/g, "\n  ")}status:
    storedVersions: [v1alpha1, v1]
    conditions:
    - {type: Established, status: "True"}
`;
  const dir = tmp({ "live.yaml": live, "new.yaml": crd({ versions: [["v1", true, true]] }) });
  const r = crdlint(["diff", "live.yaml", "new.yaml", "-f", "json"], { cwd: dir });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  const d = r.json.diagnostics.find((x) => x.rule === "revision-stored-version-removed");
  assert.ok(d, JSON.stringify(r.json.diagnostics));
  assert.equal(d.assumes, undefined, "the status says it: nothing assumed");
  assert.equal(d.apiserverField, "status.storedVersions[0]");
  // Without the status, v1alpha1 would only be a served version removed (clients break); the override says it was stored.
  const plain = tmp({
    "old.yaml": crd({
      versions: [
        ["v1alpha1", true, false],
        ["v1", true, true],
      ],
    }),
    "new.yaml": crd({ versions: [["v1", true, true]] }),
  });
  const assumed = crdlint(["diff", "old.yaml", "new.yaml", "-f", "json"], { cwd: plain });
  assert.deepEqual(
    assumed.json.diagnostics.map((x) => [x.rule, x.severity]),
    [["revision-version-removed", "warning"]],
  );
  const told = crdlint(["diff", "old.yaml", "new.yaml", "--stored-versions", "v1alpha1,v1", "-f", "json"], {
    cwd: plain,
  });
  assert.deepEqual(
    told.json.diagnostics.map((x) => [x.rule, x.severity]),
    [["revision-stored-version-removed", "error"]],
  );
});

test("lint --against REF: OLD is read with git from the paths named, moved files pair by name, lint findings stay", () => {
  const dir = tmp({ "crds/widget.yaml": OLD });
  git(dir, "init", "-q", "-b", "main");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "base");
  mkdirSync(join(dir, "crds", "v1"));
  renameSync(join(dir, "crds", "widget.yaml"), join(dir, "crds", "v1", "widgets.yaml"));
  writeFileSync(join(dir, "crds", "v1", "widgets.yaml"), NEW);
  const before = snapshot(dir);
  const r = crdlint(["lint", "--against", "main", "crds", "-f", "json"], { cwd: dir });
  assert.equal(r.status, 1, r.stderr);
  const rules = r.json.diagnostics.map((d) => [d.rule, d.file]);
  // The removed stored version is shown in NEW's file (OLD's file at the ref is no place a pull request shows).
  assert.deepEqual(
    rules.filter(([rule]) => rule.startsWith("revision-")).sort(),
    [
      ["revision-stored-version-removed", "crds/v1/widgets.yaml"],
      ["revision-version-renamed", "crds/v1/widgets.yaml"],
    ],
    "the moved file pairs: no added or removed CRD",
  );
  assert.match(
    r.json.diagnostics.find((d) => d.rule === "revision-stored-version-removed").message,
    / \(OLD: main:crds\/widget\.yaml:\d+\)$/,
  );
  assert.deepEqual(snapshot(dir), before);
  // diff --against: the same OLD, only what the update brings.
  const d = crdlint(["diff", "--against", "main", "crds", "-f", "json"], { cwd: dir });
  assert.deepEqual(d.json.diagnostics.map((x) => x.rule).sort(), [
    "revision-stored-version-removed",
    "revision-version-renamed",
  ]);
  // A file moved out of the paths named is not paired: in the named path it is a new CRD, and the message says where
  // the ref has it.
  mkdirSync(join(dir, "config"));
  renameSync(join(dir, "crds", "v1", "widgets.yaml"), join(dir, "config", "widgets.yaml"));
  assert.deepEqual(
    crdlint(["diff", "--against", "main", "config", "-f", "json"], { cwd: dir }).json.diagnostics.map((x) => [
      x.rule,
      x.file,
      x.message,
    ]),
    [
      [
        "revision-crd-added",
        "config/widgets.yaml",
        "CRD widgets.example.com is new: it is created, not updated (main:crds/widget.yaml has a CRD of this name, outside the paths named: if it moved from there, name that path too to compare them)",
      ],
    ],
  );
  writeFileSync(join(dir, "crds", "v1", "gadgets.yaml"), crd({ name: "gadgets" }));
  assert.deepEqual(
    crdlint(["diff", "--against", "main", "config", "crds", "-f", "json"], { cwd: dir }).json.diagnostics.map((x) => [
      x.rule,
      x.file,
    ]),
    [
      ["revision-stored-version-removed", "config/widgets.yaml"],
      ["revision-version-renamed", "config/widgets.yaml"],
      ["revision-crd-added", "crds/v1/gadgets.yaml"],
    ],
    "both paths named: the move pairs",
  );
  // --against DIR takes a directory; OLD's files are real files there, so findings about OLD stay in them.
  mkdirSync(join(dir, "base"));
  writeFileSync(join(dir, "base", "x.yaml"), OLD);
  const fromDir = crdlint(["diff", "--against", "base", "config", "-f", "json"], { cwd: dir });
  assert.deepEqual(fromDir.json.diagnostics.map((x) => [x.rule, x.file]).sort(), [
    ["revision-stored-version-removed", "base/x.yaml"],
    ["revision-version-renamed", "config/widgets.yaml"],
  ]);
});

test("--against: a missing ref or a shallow clone is one line that says how to fetch, exit 2", () => {
  const dir = tmp({ "crds/w.yaml": OLD });
  git(dir, "init", "-q", "-b", "main");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "one");
  writeFileSync(join(dir, "crds", "w.yaml"), NEW);
  git(dir, "commit", "-q", "-am", "two");
  const missing = crdlint(["lint", "--against", "origin/main", "crds"], { cwd: dir });
  assert.equal(missing.status, 2);
  assert.equal(
    missing.stderr,
    "crdlint: --against origin/main: no such commit in this repository; fetch it first: git fetch origin main\n",
  );
  const clone = tmp({});
  spawnSync("git", ["clone", "-q", "--depth", "1", `file://${dir}`, "c"], { cwd: clone });
  const shallow = crdlint(["diff", "--against", "origin/develop", "crds"], { cwd: join(clone, "c") });
  assert.equal(shallow.status, 2);
  assert.match(
    shallow.stderr,
    /^crdlint: --against origin\/develop: no such commit in this repository \(a shallow clone\); fetch it first: git fetch --depth=50 origin develop:refs\/remotes\/origin\/develop .*fetch-depth: 0/,
  );
  assert.equal(shallow.stderr.split("\n").length, 2, "one line");
  const notGit = crdlint(["diff", "--against", "main", "."], { cwd: tmp({ "a.yaml": NEW }) });
  assert.equal(notGit.status, 2);
  assert.match(notGit.stderr, /not inside a git repository/);
});

test("bad input: unparseable OLD, a non-CRD OLD file, wrong arguments: exit 2, one line; two CRDs of one name are a warning", () => {
  const dir = tmp({
    "new.yaml": NEW,
    "broken.yaml": "apiVersion: [\n",
    "deploy.yaml": "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\n",
    "twice.yaml": `${OLD}---\n${OLD}`,
  });
  const cases = [
    [["diff", "broken.yaml", "new.yaml"], /^crdlint: cannot read OLD broken\.yaml:\d+:\d+: /],
    [["diff", "deploy.yaml", "new.yaml"], /^crdlint: OLD deploy\.yaml holds no CustomResourceDefinition\n$/],
    [["diff", "new.yaml"], /^crdlint: diff takes OLD and NEW/],
    [["diff", "missing.yaml", "new.yaml"], /^crdlint: OLD: /],
    [["lint", "new.yaml", "--stored-versions", "v1"], /^crdlint: --stored-versions needs --against/],
  ];
  for (const [args, message] of cases) {
    const r = crdlint(args, { cwd: dir });
    assert.equal(r.status, 2, `${args.join(" ")}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, message, args.join(" "));
    assert.equal(r.stderr.trim().split("\n").length, 1, `${args.join(" ")}: one line`);
  }
  // One name twice in one file: the first copy is compared, the second is a warning (the apiserver keeps the last applied).
  const inOld = crdlint(["diff", "twice.yaml", "new.yaml", "-f", "json"], { cwd: dir }).json.diagnostics.filter(
    (d) => d.rule === "revision-crd-duplicate",
  );
  assert.deepEqual(
    inOld.map((d) => [d.file, d.line, d.severity, d.message]),
    [
      [
        "twice.yaml",
        20,
        "warning",
        "CRD widgets.example.com is defined twice in OLD twice.yaml (documents 1 and 2): only the first is compared with NEW",
      ],
    ],
  );
  const inNew = crdlint(["diff", "new.yaml", "twice.yaml", "-f", "json"], { cwd: dir }).json.diagnostics.filter(
    (d) => d.rule === "revision-crd-duplicate",
  );
  assert.deepEqual(
    inNew.map((d) => [d.file, d.line, d.severity, d.message]),
    [
      [
        "twice.yaml",
        20,
        "warning",
        "CRD widgets.example.com is defined twice in twice.yaml (documents 1 and 2): only the first is compared with OLD; the apiserver keeps whichever is applied last",
      ],
    ],
  );
});

test("policy: diff.rules, diff.unstableVersions lenient, diff.ignore with a required reason; inline suppression in NEW", () => {
  const old = crd({
    versions: [
      ["v1beta1", true, false],
      ["v1", true, true],
    ],
  });
  const next = crd({
    versions: [
      ["v1beta1", false, false],
      ["v1", true, true],
    ],
  });
  const dir = tmp({ "old.yaml": old, "new.yaml": next });
  const plain = crdlint(["diff", "old.yaml", "new.yaml", "-f", "json"], { cwd: dir });
  assert.deepEqual(
    plain.json.diagnostics.map((d) => [d.rule, d.severity, d.version]),
    [["revision-version-unserved", "warning", "v1beta1"]],
  );
  writeFileSync(join(dir, ".crdlint.yaml"), "diff:\n  rules:\n    revision-version-unserved: error\n");
  assert.equal(
    crdlint(["diff", "old.yaml", "new.yaml", "-f", "json"], { cwd: dir }).json.diagnostics[0].severity,
    "error",
  );
  writeFileSync(join(dir, ".crdlint.yaml"), "diff:\n  unstableVersions: lenient\n");
  assert.equal(
    crdlint(["diff", "old.yaml", "new.yaml", "-f", "json"], { cwd: dir }).json.diagnostics[0].severity,
    "info",
  );
  writeFileSync(
    join(dir, ".crdlint.yaml"),
    "diff:\n  ignore:\n  - rule: revision-version-unserved\n    crd: widgets.*\n    path: spec.versions[*].served\n    reason: v1beta1 was announced deprecated in 2.3\n",
  );
  assert.deepEqual(crdlint(["diff", "old.yaml", "new.yaml", "-f", "json"], { cwd: dir }).json.diagnostics, []);
  writeFileSync(join(dir, ".crdlint.yaml"), "diff:\n  ignore:\n  - rule: revision-version-unserved\n");
  const noReason = crdlint(["diff", "old.yaml", "new.yaml"], { cwd: dir });
  assert.equal(noReason.status, 2);
  assert.match(noReason.stderr, /needs a reason/);
  writeFileSync(join(dir, ".crdlint.yaml"), "");
  writeFileSync(
    join(dir, "new.yaml"),
    next.replace("served: false", "served: false # crdlint-disable-line revision-version-unserved"),
  );
  assert.deepEqual(crdlint(["diff", "old.yaml", "new.yaml", "-f", "json"], { cwd: dir }).json.diagnostics, []);
});

test("diff prints every format; the apiserver's create-time errors that still apply are update verdicts", () => {
  const broken = NEW.replace(
    "type: object",
    "type: object\n        properties:\n          spec: {uniqueItems: true, type: array, items: {type: string}}",
  );
  const dir = tmp({ "old.yaml": OLD, "new.yaml": broken });
  for (const format of ["text", "json", "sarif", "junit", "github"]) {
    const r = crdlint(["diff", "old.yaml", "new.yaml", "-f", format], { cwd: dir });
    assert.equal(r.status, 1, `${format}: ${r.stderr}`);
    assert.match(r.stdout, /revision-stored-version-removed/, format);
    assert.match(r.stdout, /forbidden-unique-items/, format);
  }
  const json = crdlint(["diff", "old.yaml", "new.yaml", "-f", "json"], { cwd: dir }).json;
  const unique = json.diagnostics.find((d) => d.rule === "forbidden-unique-items");
  assert.equal(unique.operation, "update");
  assert.ok(
    json.diagnostics.every((d) => d.apiserver || d.category === "revision"),
    "diff shows no lint-only findings",
  );
});

test("library: diff, diffText, diffAgainst and lint({ against }) give what the CLI gives; UsageError on bad input", async () => {
  const api = await import("../../../dist/index.js");
  const dir = tmp({ "old.yaml": OLD, "new.yaml": NEW, "deploy.yaml": "apiVersion: apps/v1\nkind: Deployment\n" });
  const viaCli = crdlint(["diff", "old.yaml", "new.yaml", "-f", "json"], { cwd: dir }).json;
  const viaApi = await api.diff(["old.yaml"], ["new.yaml"], { cwd: dir });
  assert.deepEqual(viaApi.diagnostics, withoutUrl(viaCli.diagnostics));
  assert.deepEqual(viaApi.summary, viaCli.summary);
  const text = await api.diffText(OLD, NEW, { oldFile: "old.yaml", file: "new.yaml", storedVersions: ["v1alpha1"] });
  const stored = text.diagnostics.find((d) => d.rule === "revision-stored-version-removed");
  assert.equal(stored.assumes, undefined, "storedVersions given: nothing assumed");
  await assert.rejects(
    api.diff(["deploy.yaml"], ["new.yaml"], { cwd: dir }),
    (e) => e instanceof api.UsageError && /holds no CustomResourceDefinition/.test(e.message),
  );
  git(dir, "init", "-q", "-b", "main");
  git(dir, "add", "old.yaml");
  git(dir, "commit", "-q", "-m", "base");
  writeFileSync(join(dir, "old.yaml"), NEW);
  const against = await api.diffAgainst("main", ["old.yaml"], { cwd: dir });
  assert.deepEqual(against.diagnostics.map((d) => [d.rule, d.file]).sort(), [
    ["revision-stored-version-removed", "old.yaml"],
    ["revision-version-renamed", "old.yaml"],
  ]);
  const linted = await api.lint(["old.yaml"], { cwd: dir, against: "main" });
  assert.ok(linted.diagnostics.some((d) => d.rule === "revision-stored-version-removed"));
  await assert.rejects(
    api.lint(["old.yaml"], { cwd: dir, against: "no-such-ref" }),
    (e) => e instanceof api.UsageError && /git fetch origin no-such-ref/.test(e.message),
  );
});
