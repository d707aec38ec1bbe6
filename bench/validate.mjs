// Benchmark of `crdlint validate`: resources per CPU-second and peak RSS, for generated resources against a few CRDs
// (with and without CEL rules) and for the example corpus. Prints numbers; not a test.
//   node bench/validate.mjs [--sizes 10000,100000] [--no-corpus] [--keep]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, openSync, writeSync, closeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const sizes = flag("--sizes", "10000,100000").split(",").map(Number);
const corpus = resolve(root, "..", "shared", "corpus");

const KINDS = ["Widget", "Gadget", "Gizmo"];

function crd(kind, cel) {
  const plural = kind.toLowerCase() + "s";
  const rules = cel
    ? `
            x-kubernetes-validations:
            - rule: self.minReplicas <= self.maxReplicas
              message: minReplicas must not exceed maxReplicas
            - rule: "!has(self.tier) || self.tier != 'gold' || self.maxReplicas >= 3"
              messageExpression: "self.tier + ' needs at least 3 replicas'"`
    : "";
  const itemRules = cel
    ? `\n                  x-kubernetes-validations: [{rule: "self.port > 1024 || self.name.startsWith('sys-')"}]`
    : "";
  return `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: ${plural}.bench.example.com}
spec:
  group: bench.example.com
  names: {kind: ${kind}, plural: ${plural}, singular: ${kind.toLowerCase()}, listKind: ${kind}List}
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
            required: [image]${rules}
            properties:
              image: {type: string, maxLength: 256, pattern: "^[a-z0-9./:-]+$"}
              minReplicas: {type: integer, minimum: 0, maximum: 100, default: 1}
              maxReplicas: {type: integer, minimum: 1, maximum: 100}
              tier: {type: string, maxLength: 8, enum: [bronze, silver, gold]}
              labels: {type: object, maxProperties: 16, additionalProperties: {type: string, maxLength: 63}}
              ports:
                type: array
                maxItems: 8
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [name]
                items:
                  type: object
                  required: [name, port]${itemRules}
                  properties:
                    name: {type: string, maxLength: 15}
                    port: {type: integer, minimum: 1, maximum: 65535}
          status:
            type: object
            x-kubernetes-preserve-unknown-fields: true
`;
}

function resource(i, valid) {
  const kind = KINDS[i % KINDS.length];
  const bad = !valid && i % 10 === 0; // one in ten is invalid, so errors are rendered too
  return `---
apiVersion: bench.example.com/v1
kind: ${kind}
metadata:
  name: ${kind.toLowerCase()}-${i}
  namespace: team-${i % 7}
  labels: {app: bench, index: "${i}"}
spec:
  image: registry.example.com/app:${i % 100}
  maxReplicas: ${bad ? 0 : 3}
  tier: ${["bronze", "silver", "gold"][i % 3]}
  labels: {owner: team-${i % 7}}
  ports:
  - {name: http, port: 8080}
  - {name: metrics, port: ${bad ? 80 : 9090}}
`;
}

function generate(dir, n, cel, valid = false) {
  writeFileSync(join(dir, `crds-${cel ? "cel" : "plain"}.yaml`), KINDS.map((k) => crd(k, cel)).join("---\n"));
  const file = join(dir, `resources-${n}${valid ? "-valid" : ""}.yaml`);
  if (!existsSync(file)) {
    const fd = openSync(file, "w");
    let buf = "";
    for (let i = 0; i < n; i++) {
      buf += resource(i, valid);
      if (buf.length > 1 << 20) {
        writeSync(fd, buf);
        buf = "";
      }
    }
    writeSync(fd, buf);
    closeSync(fd);
  }
  return file;
}

function run(argv) {
  const r = spawnSync(
    process.execPath,
    [
      "--import",
      join(here, "validate-hook.mjs"),
      join(root, "bin", "crdlint.js"),
      "validate",
      "--format",
      "json",
      ...argv,
    ],
    {
      encoding: "utf8",
      maxBuffer: 1 << 30,
    },
  );
  const m = /BENCH_USAGE (\{.*\})/.exec(r.stderr);
  if (!m) throw new Error(`no usage from crdlint (exit ${r.status}): ${r.stderr.slice(0, 400)}`);
  const usage = JSON.parse(m[1]);
  const json = JSON.parse(r.stdout);
  return { ...usage, resources: json.summary.resources, errors: json.summary.errors };
}

const fmt = (n) => Math.round(n).toLocaleString("en-US");
const dir = mkdtempSync(join(tmpdir(), "crdlint-bench-validate-"));
try {
  console.log("crdlint validate: generated resources (3 CRDs, one resource in ten invalid)");
  for (const cel of [false, true]) {
    const crds = join(dir, `crds-${cel ? "cel" : "plain"}.yaml`);
    generate(dir, 1, cel);
    const base = run(["--crd", crds, generate(dir, 1, cel)]);
    for (const n of sizes) {
      const r = run(["--crd", crds, generate(dir, n, cel)]);
      const perCpuS = r.resources / (r.cpuUs / 1e6);
      const marginal = (r.resources - base.resources) / ((r.cpuUs - base.cpuUs) / 1e6);
      console.log(
        `  ${cel ? "with CEL   " : "without CEL"} ${fmt(n).padStart(8)} resources: ${fmt(perCpuS).padStart(7)} resources/CPU-s (${fmt(marginal)} excluding startup of ${(base.cpuUs / 1e6).toFixed(2)} CPU-s), peak RSS ${fmt(r.maxRssKb / 1024)} MiB, ${fmt(r.errors)} errors`,
      );
    }
  }
  console.log("peak RSS with every resource valid (no diagnostics kept), without CEL:");
  for (const n of sizes) {
    const r = run(["--crd", join(dir, "crds-plain.yaml"), generate(dir, n, false, true)]);
    console.log(
      `  ${fmt(n).padStart(8)} resources: peak RSS ${fmt(r.maxRssKb / 1024)} MiB, ${fmt(r.resources / (r.cpuUs / 1e6))} resources/CPU-s, ${r.errors} errors`,
    );
  }
  if (!args.includes("--no-corpus") && existsSync(join(corpus, "examples"))) {
    let resources = 0;
    let cpuUs = 0;
    let maxRss = 0;
    for (const proj of readdirSync(join(corpus, "examples")).sort()) {
      const crds = join(corpus, "crds", proj);
      if (!existsSync(crds)) continue;
      const r = run(["--crd", crds, join(corpus, "examples", proj)]);
      resources += r.resources;
      cpuUs += r.cpuUs;
      maxRss = Math.max(maxRss, r.maxRssKb);
    }
    console.log(
      `  examples corpus: ${resources} resources in ${(cpuUs / 1e6).toFixed(1)} CPU-s (one process per project, CRD linting and startup included): ${(resources / (cpuUs / 1e6)).toFixed(1)} resources/CPU-s, peak RSS ${fmt(maxRss / 1024)} MiB`,
    );
  }
  console.log("  (kubeconform publishes about 1,300 resources per CPU-second)");
} finally {
  if (args.includes("--keep")) console.log(`  generated files kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
