#!/usr/bin/env node
// Builds the differential-test oracle (oracle/, a Go program) into oracle/bin/oracle-<release>,
// one binary per Kubernetes release: 1.37 from oracle/go.mod, every other from oracle/go.<release>.mod.
// A binary newer than every source file of its build is left alone.
//
//   node scripts/build-oracle.mjs [--release 1.28…1.38|all|every] [--force] [--quiet]
//
// `all` is what CI builds (1.37 and 1.33); `every` is every released minor the oracle can be built for,
// one after the other (each is a few minutes of compiling: build them on demand). The pre-release 1.38 is
// built only when named.
//
// Needs Go (go.mod says which; with an older go, GOTOOLCHAIN=auto fetches it). Exit 2 with one
// line when go is missing or a build fails.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BUILDABLE_RELEASES, RELEASES as CI_RUNS } from "../test/oracle/client.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const oracleDir = join(root, "oracle");

// Each release: the module file that pins its k8s.io/* versions, and the build tag that selects
// the few files written against that release's APIs (oracle/release_*.go). 1.37, the newest,
// builds from go.mod without a tag.
// The lists are test/oracle/client.mjs's (BUILDABLE_RELEASES newest first; RELEASES is what CI builds and runs).
const BUILDABLE = BUILDABLE_RELEASES;
const RELEASES = Object.fromEntries(
  BUILDABLE.map((release, i) => {
    const minor = release.split(".")[1];
    return [
      release,
      i === 0
        ? { modfile: "go.mod", sum: "go.sum", tags: [] }
        : { modfile: `go.${release}.mod`, sum: `go.${release}.sum`, tags: [`oracle_1_${minor}`] },
    ];
  }),
);
// The next release from its pre-release modules (oracle/README.md): built on request only, never by `all` or
// `every`; its modules need a newer Go than the machine's, which the module proxy serves as golang.org/toolchain.
// It builds with the newest release's files (no tag).
RELEASES["1.38"] = { modfile: "go.1.38.mod", sum: "go.1.38.sum", tags: [], prerelease: true, toolchain: "go1.27.4" };
const CI_RELEASES = CI_RUNS;

function fail(message) {
  process.stderr.write(`build-oracle: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { release: "all", force: false, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--release") opts.release = argv[++i];
    else if (a.startsWith("--release=")) opts.release = a.slice("--release=".length);
    else if (a === "--force") opts.force = true;
    else if (a === "--quiet") opts.quiet = true;
    else fail(`unknown argument ${a} (usage: build-oracle.mjs [--release 1.28…1.37|all|every] [--force] [--quiet])`);
  }
  if (opts.release !== "all" && opts.release !== "every" && !(opts.release in RELEASES)) {
    fail(`unknown release ${opts.release}; known: ${BUILDABLE.join(", ")}, all (${CI_RELEASES.join(", ")}), every`);
  }
  return opts;
}

function newestSource(release) {
  const { modfile, sum } = RELEASES[release];
  let newest = 0;
  for (const name of readdirSync(oracleDir)) {
    if (name.endsWith(".go") || name === modfile || name === sum) {
      newest = Math.max(newest, statSync(join(oracleDir, name)).mtimeMs);
    }
  }
  return newest;
}

function binaryPath(release) {
  return join(oracleDir, "bin", `oracle-${release}`);
}

function upToDate(release) {
  const bin = binaryPath(release);
  return existsSync(bin) && statSync(bin).mtimeMs >= newestSource(release);
}

function build(release, quiet) {
  const { modfile, tags, toolchain } = RELEASES[release];
  const args = ["build", "-buildvcs=false", "-ldflags=-s -w", `-modfile=${modfile}`];
  if (tags.length > 0) args.push(`-tags=${tags.join(",")}`);
  args.push("-o", binaryPath(release), ".");
  const started = Date.now();
  const env = toolchain ? { ...process.env, GOTOOLCHAIN: toolchain } : process.env;
  const r = spawnSync("go", args, { cwd: oracleDir, env, stdio: ["ignore", "inherit", "pipe"], encoding: "utf8" });
  if (r.error) fail(`cannot run go: ${r.error.message}`);
  if (r.status !== 0) {
    process.stderr.write(r.stderr);
    fail(`go build failed for release ${release} (exit ${r.status})`);
  }
  if (!quiet) {
    process.stdout.write(`built oracle/bin/oracle-${release} in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
  }
}

const opts = parseArgs(process.argv.slice(2));
const probe = spawnSync("go", ["version"], { encoding: "utf8" });
if (probe.error || probe.status !== 0) {
  fail("go is not on PATH; the oracle needs Go (https://go.dev/dl/) — crdlint itself does not");
}
mkdirSync(join(oracleDir, "bin"), { recursive: true });
const releases = opts.release === "all" ? CI_RELEASES : opts.release === "every" ? BUILDABLE : [opts.release];
for (const release of releases) {
  if (!opts.force && upToDate(release)) {
    if (!opts.quiet) process.stdout.write(`oracle/bin/oracle-${release} is up to date\n`);
    continue;
  }
  build(release, opts.quiet);
}

// The protocol's Go types (oracle/protocol.go) are mirrored in oracle/protocol.json and test/oracle/protocol.d.ts;
// test/oracle/protocol.test.mjs fails while they differ. Say so here, where the change is built.
const built = releases.find((release) => existsSync(binaryPath(release)));
if (built) {
  const printed = spawnSync(binaryPath(built), ["-protocol"], { encoding: "utf8" });
  const kept = join(oracleDir, "protocol.json");
  if (printed.status === 0 && (!existsSync(kept) || readFileSync(kept, "utf8") !== printed.stdout)) {
    process.stderr.write(
      `build-oracle: the protocol's Go types changed: run oracle/bin/oracle-${built} -protocol > oracle/protocol.json and update test/oracle/protocol.d.ts to match\n`,
    );
  }
}
