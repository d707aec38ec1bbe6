// validate's cache of what a run learnt of CRD chunks (src/load/content-cache.ts): a second run answers the same,
// byte for byte, without parsing the CRDs no resource uses; a damaged entry is ignored; --no-cache writes nothing;
// the registry reads a lazily registered CRD only when it is looked up.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crdlint, root } from "../../helpers/cli.mjs";
import { filesUnder } from "../../helpers/tmp.mjs";
import { CrdRegistry } from "../../../dist/crd/registry.js";

/** The cache's entries (not the stamp of its last pruning). */
const entries = (dir) => filesUnder(dir).filter((f) => f.endsWith(".json"));

const crontab = readFileSync(join(root, "fixtures", "examples", "crontab.yaml"), "utf8");
const other = crontab
  .replace(/crontabs\.stable\.example\.com/g, "gadgets.stable.example.com")
  .replace(/CronTab/g, "Gadget")
  .replace(/crontabs/g, "gadgets")
  .replace(/crontab\b/g, "gadget")
  .replace(/\bct\b/g, "gd");

test("a second run with the cache answers byte for byte as the first, and as a run without it", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-cache-"));
  const cache = join(dir, "cache");
  writeFileSync(join(dir, "crds.yaml"), `${crontab}---\n${other}`);
  // A CRD and a resource in one file, a list of CRDs: chunks that are not CRDs only are read again for resources.
  writeFileSync(
    join(dir, "mixed.yaml"),
    `${other.replace(/gadget/g, "doohickey").replace(/Gadget/g, "Doohickey")}---\napiVersion: stable.example.com/v1\nkind: Doohickey\nmetadata: {name: d}\nspec: {cronSpec: 5}\n`,
  );
  writeFileSync(
    join(dir, "cr.yaml"),
    "apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata: {name: c}\nspec: {cronSpec: 5, image: x}\n",
  );
  const args = ["validate", "--crd", "crds.yaml", "cr.yaml", "mixed.yaml", "-f", "json"];
  const env = { CRDLINT_CACHE_DIR: cache };
  const cold = crdlint(args, { cwd: dir, env });
  assert.equal(cold.status, 1, cold.stderr);
  assert.ok(entries(cache).length >= 2, "the CRD chunks are filed");
  assert.ok(
    entries(cache).some((f) => f.includes("crd-object")),
    "the CRD objects resources need are filed at once",
  );
  const warm = crdlint(args, { cwd: dir, env });
  assert.equal(warm.stdout, cold.stdout);
  assert.equal(warm.status, cold.status);
  const none = crdlint([...args, "--no-cache"], { cwd: dir, env: { CRDLINT_CACHE_DIR: join(dir, "unused") } });
  assert.equal(none.stdout, cold.stdout);
  assert.throws(() => readdirSync(join(dir, "unused")), "--no-cache writes nothing");
  assert.deepEqual(
    cold.json.diagnostics.map((d) => [d.file, d.field]),
    [
      ["cr.yaml", "spec.cronSpec"],
      ["mixed.yaml", "spec.cronSpec"],
    ],
  );
  // A damaged entry is read as none: the chunk is parsed again and its entry rewritten.
  for (const f of entries(cache)) writeFileSync(f, "{not json");
  const damaged = crdlint(args, { cwd: dir, env });
  assert.equal(damaged.stdout, cold.stdout);
  // A damaged CRD object is found so when a run reads it through the file index: the CRD is parsed again and filed anew.
  const again = crdlint(args, { cwd: dir, env });
  assert.equal(again.stdout, cold.stdout);
  assert.ok(
    entries(cache).some((f) => f.includes("crd-object")),
    "the CRD objects resources need are filed",
  );
  assert.ok(entries(cache).every((f) => /^(\{"|\[)/.test(readFileSync(f, "utf8"))));
});

test("a CRD registered lazily is read when looked up, and only then", () => {
  const registry = new CrdRegistry();
  let reads = 0;
  registry.addLazy({
    group: "example.com",
    kind: "Widget",
    name: "widgets.example.com",
    place: { file: "w.yaml" },
    load: () => {
      reads++;
      return {
        apiVersion: "apiextensions.k8s.io/v1",
        kind: "CustomResourceDefinition",
        metadata: { name: "widgets.example.com" },
        spec: {
          group: "example.com",
          names: { kind: "Widget", plural: "widgets" },
          scope: "Namespaced",
          versions: [{ name: "v1", served: true, storage: true }],
        },
      };
    },
  });
  assert.equal(reads, 0);
  assert.equal(registry.get("example.com", "Gadget"), undefined);
  assert.equal(reads, 0);
  assert.equal(registry.get("example.com", "Widget")?.versions.get("v1")?.served, true);
  assert.equal(registry.get("example.com", "Widget")?.name, "widgets.example.com");
  assert.equal(reads, 1);
  registry.remove((crd) => crd.place.file === "w.yaml");
  assert.equal(registry.get("example.com", "Widget"), undefined);
});

test("a chunk with {{ is read every time: in a chart's templates/ the same text is a template", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-cache-tpl-"));
  const env = { CRDLINT_CACHE_DIR: join(dir, "cache") };
  const text = crontab.replace("metadata:\n", 'metadata:\n  annotations: {note: "{{ .Values.schedule }}"}\n');
  assert.ok(text.includes("{{"));
  mkdirSync(join(dir, "crds"));
  mkdirSync(join(dir, "chart", "templates"), { recursive: true });
  writeFileSync(join(dir, "chart", "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\n");
  writeFileSync(join(dir, "crds", "crontab.yaml"), text);
  writeFileSync(join(dir, "chart", "templates", "crontab.yaml"), text);
  writeFileSync(
    join(dir, "cr.yaml"),
    "apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata: {name: c}\nspec: {cronSpec: 5, image: x}\n",
  );
  crdlint(["validate", "--crd", "crds/crontab.yaml", "cr.yaml"], { cwd: dir, env });
  const args = ["validate", "--crd", "chart/templates/crontab.yaml", "cr.yaml", "-f", "json"];
  const cached = crdlint(args, { cwd: dir, env });
  const fresh = crdlint([...args, "--no-cache"], { cwd: dir, env });
  assert.equal(cached.stdout, fresh.stdout);
  assert.ok(
    cached.json.diagnostics.some((d) => d.rule === "yaml-go-template"),
    cached.stdout,
  );
});

test("a CRD's verdict is cached with everything it depends on: the release, the rules' severities", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-cache-"));
  const cache = join(dir, "cache");
  // An apiserver error in the CRD (a CEL rule that does not compile): its resources are not validated.
  const broken = crontab.replace(/(\n(\s+)cronSpec:\n)/, "$1$2  x-kubernetes-validations: [{rule: 'self.nope > 1'}]\n");
  assert.notEqual(broken, crontab);
  writeFileSync(join(dir, "crd.yaml"), broken);
  writeFileSync(
    join(dir, "cr.yaml"),
    "apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata: {name: c}\nspec: {cronSpec: 5, image: x}\n",
  );
  const args = ["validate", "--crd", "crd.yaml", "cr.yaml", "-f", "json"];
  const env = { CRDLINT_CACHE_DIR: cache };
  const cold = crdlint(args, { cwd: dir, env });
  assert.deepEqual(
    cold.json.diagnostics.map((d) => d.rule),
    ["resource-crd-invalid"],
  );
  const verdicts = entries(join(cache, "crd-verdict"));
  assert.equal(verdicts.length, 1);
  assert.equal(JSON.parse(readFileSync(verdicts[0], "utf8"))[0].rule, "cel-compile-failed");
  // The second run reads the verdict (a changed entry shows), byte for byte what the first said.
  const warm = crdlint(args, { cwd: dir, env });
  assert.equal(warm.stdout, cold.stdout);
  writeFileSync(verdicts[0], readFileSync(verdicts[0], "utf8").replace(/does not support field selection/g, "CACHED"));
  assert.match(crdlint(args, { cwd: dir, env }).json.diagnostics[0].detail, /CACHED/);
  // Another release, or the error's rule turned down to a warning, is another verdict (the CRD no longer blocks).
  crdlint([...args, "-k", "1.33"], { cwd: dir, env });
  assert.equal(entries(join(cache, "crd-verdict")).length, 2);
  writeFileSync(join(dir, ".crdlint.yaml"), "rules:\n  cel-compile-failed: warning\n");
  const relaxed = crdlint(args, { cwd: dir, env });
  const rules = relaxed.json.diagnostics.map((d) => d.rule);
  assert.ok(!rules.includes("resource-crd-invalid") && rules.includes("resource-schema-invalid"), rules.join(", "));
  assert.equal(entries(join(cache, "crd-verdict")).length, 3);
});

test("a --crd file an earlier run indexed is known by its place, size and times: not read until a resource needs it", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-cache-"));
  const cache = join(dir, "cache");
  writeFileSync(join(dir, "crds.yaml"), `${crontab}---\n${other}`);
  writeFileSync(
    join(dir, "cr.yaml"),
    "apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata: {name: c}\nspec: {cronSpec: 5, image: x}\n",
  );
  const args = ["validate", "--crd", "crds.yaml", "cr.yaml", "-f", "json"];
  const env = { CRDLINT_CACHE_DIR: cache };
  const cold = crdlint(args, { cwd: dir, env });
  const index = entries(join(cache, "crd-file-index"));
  assert.equal(index.length, 1, "the CRD file is indexed");
  assert.equal(crdlint(args, { cwd: dir, env }).stdout, cold.stdout);
  // The index is what a warm run registers from: one that says the file holds another kind is believed.
  const saved = readFileSync(index[0], "utf8");
  writeFileSync(index[0], saved.replaceAll('"CronTab"', '"Elsewhere"'));
  assert.deepEqual(
    crdlint(args, { cwd: dir, env }).json.diagnostics.map((d) => d.rule),
    ["resource-kind-not-found"],
  );
  writeFileSync(index[0], saved);
  // A change of the file is seen even when its size and modification time are put back (its change time moves).
  const path = join(dir, "crds.yaml");
  const before = statSync(path);
  writeFileSync(path, readFileSync(path, "utf8").replace("type: string", "type: number"));
  utimesSync(path, before.atime, before.mtime);
  assert.equal(statSync(path).size, before.size);
  const changed = crdlint(args, { cwd: dir, env });
  assert.notEqual(changed.stdout, cold.stdout);
  assert.equal(changed.stdout, crdlint([...args, "--no-cache"], { cwd: dir, env }).stdout);
});
