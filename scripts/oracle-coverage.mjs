#!/usr/bin/env node
// How much of the apiserver code crdlint reproduces the generated differential cases reach: builds the oracle with
// Go coverage over those packages (CRD validation and its CEL part, structural schemas, defaulting, objectmeta,
// pruning, list types, the custom-resource validator and strategy with ratcheting, ObjectMeta validation,
// kube-openapi's validators, sigs.k8s.io/yaml), sends it the cases every family generates, and prints the statements
// reached per package and the functions left short, as markdown (docs/oracle-coverage.md is its output).
//
//   node scripts/oracle-coverage.mjs [--release 1.37] [--cases N] [--seed S] [--out FILE]
//
// Needs Go (as scripts/build-oracle.mjs) and dist/ (npm run build:dist): the generators use crdlint to pick cases.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Oracle } from "../test/oracle/client.mjs";
import { families } from "../test/oracle/families/index.mjs";
import { caseRng } from "../test/oracle/rng.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const oracleDir = join(root, "oracle");

/** The upstream packages whose code crdlint reproduces (the coverage report's scope). */
export const REPRODUCED = [
  "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation",
  "k8s.io/apiextensions-apiserver/pkg/apiserver/schema",
  "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel",
  "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting",
  "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/listtype",
  "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta",
  "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning",
  "k8s.io/apiextensions-apiserver/pkg/apiserver/validation",
  "k8s.io/apiextensions-apiserver/pkg/registry/customresource",
  "k8s.io/apimachinery/pkg/api/validation",
  "k8s.io/kube-openapi/pkg/validation/validate",
  "sigs.k8s.io/yaml",
];

const MODFILES = { 1.37: { modfile: "go.mod", tags: [] }, 1.33: { modfile: "go.1.33.mod", tags: ["oracle_1_33"] } };

function die(message) {
  process.stderr.write(`oracle-coverage: ${message}\n`);
  process.exit(2);
}

const { values: args } = parseArgs({
  options: {
    release: { type: "string", default: "1.37" },
    cases: { type: "string", default: "1000" },
    seed: { type: "string", default: "1" },
    out: { type: "string" },
  },
});
const release = args.release;
const build = MODFILES[release];
if (!build) die(`no coverage build for ${release} (known: ${Object.keys(MODFILES).join(", ")})`);
const perFamily = Number(args.cases);

// 1. The oracle, built with coverage of the reproduced packages only.
mkdirSync(join(oracleDir, "bin"), { recursive: true });
const binary = join(oracleDir, "bin", `oracle-${release}-cover`);
// The oracle's own main package is listed too: without an instrumented main, Go writes no coverage data at exit.
const mainModule = /^module\s+(\S+)/m.exec(readFileSync(join(oracleDir, build.modfile), "utf8"))?.[1] ?? "";
const goArgs = [
  "build",
  "-buildvcs=false",
  "-cover",
  `-coverpkg=${[mainModule, ...REPRODUCED].join(",")}`,
  `-modfile=${build.modfile}`,
];
if (build.tags.length) goArgs.push(`-tags=${build.tags.join(",")}`);
const b = spawnSync("go", [...goArgs, "-o", binary, "."], { cwd: oracleDir, encoding: "utf8" });
if (b.error || b.status !== 0) die(`go build -cover failed: ${b.error?.message ?? b.stderr}`);

// 2. Every family's generated cases, sent to it (the answers are not compared here: test:oracle does that).
const coverDir = mkdtempSync(join(tmpdir(), "crdlint-oracle-cover-"));
process.env.GOCOVERDIR = coverDir;
const oracle = new Oracle(binary, release);
const seed = Number(args.seed);
let sent = 0;
for (const family of families) {
  const pending = [];
  for (let i = 0; i < perFamily; i++) {
    const c = await family.generate(caseRng(seed, family.name, i), release, i);
    const r = family.request(c);
    pending.push(oracle.request(r.op, r.fields).catch(() => null));
    if (pending.length >= 64) await Promise.all(pending.splice(0));
    sent++;
  }
  await Promise.all(pending);
}
await oracle.close();

// 3. Statements reached, per package and per function.
const profile = join(coverDir, "profile.txt");
const t = spawnSync("go", ["tool", "covdata", "textfmt", `-i=${coverDir}`, `-o=${profile}`], { encoding: "utf8" });
if (t.status !== 0) die(`go tool covdata failed: ${t.stderr}`);
const byPackage = new Map(REPRODUCED.map((p) => [p, { total: 0, reached: 0 }]));
for (const line of readFileSync(profile, "utf8").split("\n").slice(1)) {
  const m = /^(.*)\/[^/]+\.go:\S+ (\d+) (\d+)$/.exec(line);
  if (!m) continue;
  const pkg = byPackage.get(m[1]);
  if (!pkg) continue;
  pkg.total += Number(m[2]);
  if (Number(m[3]) > 0) pkg.reached += Number(m[2]);
}
const f = spawnSync("go", ["tool", "cover", `-func=${profile}`], {
  cwd: oracleDir,
  encoding: "utf8",
  env: {
    ...process.env,
    GOFLAGS: `-modfile=${build.modfile}${build.tags.length ? ` -tags=${build.tags.join(",")}` : ""}`,
  },
  maxBuffer: 64 * 1024 * 1024,
});
const shortFunctions = [];
if (f.status === 0)
  for (const line of f.stdout.split("\n")) {
    const m = /^(\S+?):(\d+):\s+(\S+)\s+([\d.]+)%$/.exec(line);
    // The reproduced packages' functions only (the oracle's own glue is instrumented too, see above).
    if (
      m &&
      Number(m[4]) < 100 &&
      REPRODUCED.some((p) => m[1].startsWith(`${p}/`) && !m[1].slice(p.length + 1).includes("/"))
    )
      shortFunctions.push({ file: m[1], line: Number(m[2]), name: m[3], pct: Number(m[4]) });
  }
rmSync(coverDir, { recursive: true, force: true });

let total = 0;
let reached = 0;
const rows = [];
for (const [pkg, c] of byPackage) {
  total += c.total;
  reached += c.reached;
  rows.push(
    `| \`${pkg}\` | ${c.reached} / ${c.total} | ${c.total ? ((100 * c.reached) / c.total).toFixed(1) : "–"}% |`,
  );
}
const pct = total ? ((100 * reached) / total).toFixed(1) : "0";
const out = [
  `# The apiserver code the oracle's generated cases reach (Kubernetes ${release})`,
  "",
  `Made by \`node scripts/oracle-coverage.mjs --release ${release} --cases ${perFamily} --seed ${seed}\`: the oracle built`,
  "with Go coverage over the packages crdlint reproduces, sent every family's generated cases",
  `(${families.map((x) => x.name).join(", ")}; ${sent} requests).`,
  "",
  `**${reached} of ${total} statements reached (${pct}%).** A package's total counts all its statements, including code`,
  "crdlint has no reason to reproduce (other resources' helpers in the same package); the functions below are",
  "where the generators fall short.",
  "",
  "| package | statements reached | |",
  "|---|---|---|",
  ...rows,
  "",
  `## Functions not fully reached (${shortFunctions.length})`,
  "",
  "| function | where | reached |",
  "|---|---|---|",
  ...shortFunctions.map(
    (s) => `| \`${s.name}\` | ${s.file.replace(/^.*?\/(k8s\.io|sigs\.k8s\.io)\//, "$1/")}:${s.line} | ${s.pct}% |`,
  ),
  "",
];
if (args.out) writeFileSync(args.out, out.join("\n"));
else process.stdout.write(out.join("\n"));
process.stderr.write(`oracle-coverage: ${reached}/${total} statements (${pct}%) over ${sent} requests\n`);
