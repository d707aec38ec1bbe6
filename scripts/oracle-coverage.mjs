#!/usr/bin/env node
// How much of the apiserver code crdlint reproduces the generated differential cases reach: builds the oracle with
// Go coverage over those packages (CRD validation and its CEL part, structural schemas, defaulting, objectmeta,
// pruning, list types, the custom-resource validator and strategy with ratcheting, ObjectMeta validation,
// kube-openapi's validators, sigs.k8s.io/yaml), sends it the cases every family generates, and prints the statements
// reached per package and the functions left short, as markdown (docs/oracle-coverage.md is its output).
//
//   node scripts/oracle-coverage.mjs [--release 1.37] [--cases N] [--seed S] [--family NAME]... [--out FILE] [--profile FILE]
//
// Needs Go (as scripts/build-oracle.mjs) and dist/ (npm run build:dist): the generators use crdlint to pick cases.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import YAML from "yaml";
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
    profile: { type: "string" },
    family: { type: "string", multiple: true },
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
// --family: only those families' cases (to see what one family reaches while working on its generator).
const chosen = args.family?.length ? families.filter((x) => args.family.includes(x.name)) : families;
if (chosen.length !== (args.family?.length ?? families.length)) die(`unknown family in ${args.family.join(", ")}`);
for (const family of chosen) {
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

// 3. Statements reached, per function: `go tool cover -func` names each function and its first line; a statement
// block belongs to the function of its file that starts last at or before it (Go has no nested named functions).
const profile = join(coverDir, "profile.txt");
const t = spawnSync("go", ["tool", "covdata", "textfmt", `-i=${coverDir}`, `-o=${profile}`], { encoding: "utf8" });
if (t.status !== 0) die(`go tool covdata failed: ${t.stderr}`);
const f = spawnSync("go", ["tool", "cover", `-func=${profile}`], {
  cwd: oracleDir,
  encoding: "utf8",
  env: {
    ...process.env,
    GOFLAGS: `-modfile=${build.modfile}${build.tags.length ? ` -tags=${build.tags.join(",")}` : ""}`,
  },
  maxBuffer: 64 * 1024 * 1024,
});
if (f.status !== 0) die(`go tool cover -func failed: ${f.stderr}`);
const profileText = readFileSync(profile, "utf8");
if (args.profile) writeFileSync(args.profile, profileText);
rmSync(coverDir, { recursive: true, force: true });

const functions = functionsReached(profileText, f.stdout);
const scope = loadScope(join(root, "test", "oracle", "coverage-scope.yaml"));
const { rows, outOfScope, short, unused } = classify(functions, scope);
let total = 0;
let reached = 0;
for (const c of rows.values()) {
  total += c.total;
  reached += c.reached;
}
const pct = (r, t) => (t ? ((100 * r) / t).toFixed(1) : "–");
// The statements left in functions listed as unreachable (each with its reason): what no generated case can reach.
const unreachableLeft = short.filter((s) => s.why !== undefined).reduce((n, s) => n + s.total - s.reached, 0);
const out = [
  `# The apiserver code the oracle's generated cases reach (Kubernetes ${release})`,
  "",
  `Made by \`node scripts/oracle-coverage.mjs --release ${release} --cases ${perFamily} --seed ${seed}\`: the oracle built`,
  "with Go coverage over the packages crdlint reproduces, sent every family's generated cases",
  `(${chosen.map((x) => x.name).join(", ")}; ${sent} requests).`,
  "",
  "The scope is the code crdlint reproduces: every function of these packages except those",
  "`test/oracle/coverage-scope.yaml` puts out of scope, each with its reason (listed at the end).",
  "",
  `**${reached} of ${total} statements in scope reached (${pct(reached, total)}%).** The statements left in the functions`,
  `listed below with a reason (${unreachableLeft}) are ones no case sent through the oracle's operations can reach;`,
  `of the ${total - unreachableLeft} others, ${pct(reached, total - unreachableLeft)}% are reached. So no generator can take the`,
  `first figure above ${pct(total - unreachableLeft, total)}%: the second is the one the generators are judged by.`,
  "",
  "| package | statements reached | |",
  "|---|---|---|",
  ...[...rows].map(([pkg, c]) => `| \`${pkg}\` | ${c.reached} / ${c.total} | ${pct(c.reached, c.total)}% |`),
  "",
  `## In-scope functions not fully reached (${short.length})`,
  "",
  "Statements left, and why the generated cases cannot reach them where that is known (an empty reason: the",
  "generators fall short).",
  "",
  "| function | where | statements left | why |",
  "|---|---|---|---|",
  ...short.map((s) => `| \`${s.name}\` | ${s.where} | ${s.total - s.reached} of ${s.total} | ${s.why ?? ""} |`),
  "",
  `## Out of scope (${outOfScope.reduce((n, o) => n + o.total, 0)} statements)`,
  "",
  "| package | functions | statements | why |",
  "|---|---|---|---|",
  ...outOfScope.map((o) => `| \`${o.pkg}\` | ${o.what} | ${o.total} | ${o.why} |`),
  "",
];
if (args.out) writeFileSync(args.out, out.join("\n"));
else process.stdout.write(out.join("\n"));
for (const u of unused) process.stderr.write(`oracle-coverage: coverage-scope.yaml: ${u} matches no function\n`);
process.stderr.write(
  `oracle-coverage: ${reached}/${total} statements in scope (${pct(reached, total)}%); ${pct(reached, total - unreachableLeft)}% without the ${unreachableLeft} listed as unreachable; ${sent} requests\n`,
);

/** The reproduced packages' functions, each with its statements and how many the cases reached. */
function functionsReached(profileText, funcText) {
  const byFile = new Map();
  for (const line of funcText.split("\n")) {
    const m = /^(\S+?):(\d+):\s+(\S+)\s+[\d.]+%$/.exec(line);
    if (!m) continue;
    const slash = m[1].lastIndexOf("/");
    const pkg = m[1].slice(0, slash);
    if (!REPRODUCED.includes(pkg)) continue;
    if (!byFile.has(m[1])) byFile.set(m[1], []);
    byFile.get(m[1]).push({ pkg, file: m[1].slice(slash + 1), line: Number(m[2]), name: m[3], total: 0, reached: 0 });
  }
  for (const list of byFile.values()) list.sort((a, b) => a.line - b.line);
  // A block shows up once per instrumented binary run; it is reached when any run reached it.
  const blocks = new Map();
  for (const line of profileText.split("\n").slice(1)) {
    const m = /^(\S+\.go):(\d+)\.(\d+),(\d+)\.(\d+) (\d+) (\d+)$/.exec(line);
    if (!m || !byFile.has(m[1])) continue;
    const key = `${m[1]}:${m[2]}.${m[3]},${m[4]}.${m[5]}`;
    const b = blocks.get(key) ?? { file: m[1], line: Number(m[2]), n: Number(m[6]), hit: false };
    b.hit ||= Number(m[7]) > 0;
    blocks.set(key, b);
  }
  for (const b of blocks.values()) {
    let owner = null;
    for (const fn of byFile.get(b.file)) if (fn.line <= b.line) owner = fn;
    if (!owner) continue;
    owner.total += b.n;
    if (b.hit) owner.reached += b.n;
  }
  return [...byFile.values()].flat();
}

/**
 * The scope file: per package, `out` entries (functions crdlint does not reproduce) and `unreachable` entries
 * (in-scope functions whose remaining statements no generated case can reach), each naming `file.go` (every
 * function of the file) or `file.go:Name` (every function of that name in the file) with a `why`.
 */
function loadScope(path) {
  const doc = YAML.parse(readFileSync(path, "utf8")) ?? {};
  const entries = [];
  for (const [kind, byPkg] of [
    ["out", doc["out-of-scope"] ?? {}],
    ["unreachable", doc.unreachable ?? {}],
  ])
    for (const [pkg, list] of Object.entries(byPkg)) {
      if (!REPRODUCED.includes(pkg)) die(`coverage-scope.yaml: ${pkg} is not a reproduced package`);
      for (const e of list ?? []) {
        if (!e?.why || !Array.isArray(e.functions))
          die(`coverage-scope.yaml: ${pkg}: each entry needs functions and why`);
        for (const ref of e.functions) entries.push({ kind, pkg, ref, why: e.why, group: e, used: false });
      }
    }
  return entries;
}

function matches(entry, fn) {
  if (entry.pkg !== fn.pkg) return false;
  const [file, name] = entry.ref.split(":");
  return file === fn.file && (name === undefined || name === fn.name);
}

function classify(functions, scope) {
  const rows = new Map(REPRODUCED.map((p) => [p, { total: 0, reached: 0 }]));
  const groups = new Map();
  const short = [];
  for (const fn of functions) {
    const out = scope.find((e) => e.kind === "out" && matches(e, fn));
    if (out) {
      out.used = true;
      const g = groups.get(out.group) ?? {
        pkg: out.pkg,
        what: out.group.functions.map((x) => `\`${x}\``).join(", "),
        why: out.group.why,
        total: 0,
      };
      g.total += fn.total;
      groups.set(out.group, g);
      continue;
    }
    const row = rows.get(fn.pkg);
    row.total += fn.total;
    row.reached += fn.reached;
    if (fn.reached < fn.total) {
      const u = scope.find((e) => e.kind === "unreachable" && matches(e, fn));
      if (u) u.used = true;
      short.push({ ...fn, where: `${fn.pkg.replace(/^k8s\.io\//, "")}/${fn.file}:${fn.line}`, why: u?.why });
    }
  }
  short.sort((a, b) => b.total - b.reached - (a.total - a.reached) || a.where.localeCompare(b.where));
  const unused = scope.filter((e) => !e.used).map((e) => `${e.pkg} ${e.ref}`);
  return { rows, outOfScope: [...groups.values()], short, unused };
}
