#!/usr/bin/env node
// The accepting releases of every CRD, by crdlint and by the apiserver's own code (the oracle, one binary per
// release): for each CRD document under the given directories, at each release, whether the apiserver accepts it on
// create. crdlint rejects when some diagnostic has `apiserver: true` and severity error (lintText at that release);
// the oracle rejects when crd-create answers a decoding failure, strict-decoding problems, field errors or a request
// error (a panic, a 500 in the apiserver, counts as a rejection and is named as such).
//
//   node bench/release-floors.mjs [--release 1.30]... [--json] <dir|file>...
//
// Prints per file the accepting releases of each side and every disagreement (with the first reason of the side that
// rejects), then the counts. Needs dist/ (npm run build:dist) and oracle/bin/oracle-<release> for each release
// (node scripts/build-oracle.mjs --release every); a release without a binary is left out and said so.
// Exit 0 when both sides agree everywhere they were compared, 1 on a disagreement, 2 on bad usage.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const die = (message) => {
  process.stderr.write(`release-floors: ${message}\n`);
  process.exit(2);
};

let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: { release: { type: "string", multiple: true }, json: { type: "boolean", default: false } },
  });
} catch (e) {
  die(e.message);
}
const { values, positionals } = args;
if (positionals.length === 0) die("usage: node bench/release-floors.mjs [--release R]... [--json] <dir|file>...");
if (!existsSync(join(root, "dist", "index.js"))) die("dist/ is missing: run `npm run build:dist` first");

const { lintText } = await import("../dist/index.js");
const { loadText } = await import("../dist/load/document.js");
const { BUILDABLE_RELEASES, Oracle, oracleBinary } = await import("../test/oracle/client.mjs");

for (const r of values.release ?? [])
  if (!BUILDABLE_RELEASES.includes(r))
    die(`unknown release ${r} (the oracle can be built for ${BUILDABLE_RELEASES.join(", ")})`);
// Oldest first, as the accepting ranges read.
const wanted = [...(values.release?.length ? values.release : BUILDABLE_RELEASES)].sort(
  (a, b) => minorOf(a) - minorOf(b),
);
// The paths are checked before the binaries: a usage error is one whatever is built.
for (const p of positionals) if (!existsSync(p)) die(`${p}: no such file or directory`);
const releases = wanted.filter((r) => existsSync(oracleBinary(root, r)));
const missing = wanted.filter((r) => !releases.includes(r));
if (releases.length === 0)
  die(`no oracle binary for ${wanted.join(", ")} (node scripts/build-oracle.mjs --release every)`);

function minorOf(release) {
  return Number(release.split(".")[1]);
}

function walk(path, out) {
  if (!existsSync(path)) die(`${path}: no such file or directory`);
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      const p = join(path, name);
      if (statSync(p).isDirectory() || /\.(ya?ml|json)$/i.test(name)) walk(p, out);
    }
  } else out.push(path);
  return out;
}

/**
 * The CRDs of a file: a file that is one CRD document is sent as it is (both sides read the same text); a CRD among
 * several documents is sent as its JSON (the apiserver takes one object per request).
 */
function crdsOf(file) {
  const text = readFileSync(file, "utf8");
  const loaded = loadText(text);
  const isCrd = (d) => d.value && typeof d.value === "object" && d.value.kind === "CustomResourceDefinition";
  const crds = loaded.documents.filter(isCrd);
  if (loaded.documents.length === 1 && crds.length === 1) return [{ name: file, text }];
  return crds.map((d) => ({ name: `${file}#${d.index}`, text: JSON.stringify(d.value, null, 2) + "\n" }));
}

function firstLine(s) {
  const line = String(s).split("\n")[0];
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/** crdlint's verdict at a release: rejected with its first apiserver error, or accepted. */
async function crdlintVerdict(text, release) {
  const r = await lintText(text, { kubernetesVersion: release });
  const e = r.diagnostics.find((d) => d.apiserver && d.severity === "error");
  return e
    ? { accepted: false, why: firstLine(`${e.rule}: ${e.apiserverField ?? e.field ?? ""}: ${e.message}`) }
    : { accepted: true };
}

/** The apiserver's verdict at a release (the oracle's crd-create answer). */
function oracleVerdict(answer) {
  if (typeof answer.fatal === "string")
    return { accepted: false, why: firstLine(`oracle fatal (500): ${answer.fatal}`) };
  if (answer.decodeFailed)
    return { accepted: false, why: firstLine(`decoding: ${(answer.decodeErrors ?? []).join("; ")}`) };
  if (answer.requestError) return { accepted: false, why: firstLine(`request: ${answer.requestError}`) };
  if (answer.decodeErrors?.length)
    return { accepted: false, why: firstLine(`strict decoding: ${answer.decodeErrors.join("; ")}`) };
  if (answer.errors?.length) return { accepted: false, why: firstLine(answer.errors[0].error) };
  return { accepted: true };
}

/** "1.28–1.37", "1.30, 1.33–1.37", "none". */
function ranges(accepting) {
  if (accepting.length === 0) return "none";
  const out = [];
  let start = accepting[0];
  let prev = accepting[0];
  for (const r of [...accepting.slice(1), null]) {
    const next = r !== null && releases.indexOf(r) === releases.indexOf(prev) + 1;
    if (next) {
      prev = r;
      continue;
    }
    out.push(start === prev ? start : `${start}–${prev}`);
    start = prev = r;
  }
  return out.join(", ");
}

const files = positionals.flatMap((p) => walk(p, []));
const crds = files.flatMap(crdsOf);
const oracles = new Map(releases.map((r) => [r, new Oracle(oracleBinary(root, r), r)]));
const rows = [];
try {
  for (const crd of crds) {
    const answers = await Promise.all(releases.map((r) => oracles.get(r).request("crd-create", { object: crd.text })));
    const row = { name: crd.name, crdlint: [], oracle: [], disagreements: [], fatal: [] };
    for (const [i, release] of releases.entries()) {
      const mine = await crdlintVerdict(crd.text, release);
      const theirs = oracleVerdict(answers[i]);
      if (mine.accepted) row.crdlint.push(release);
      if (theirs.accepted) row.oracle.push(release);
      if (typeof answers[i].fatal === "string") row.fatal.push(release);
      if (mine.accepted !== theirs.accepted)
        row.disagreements.push({
          release,
          crdlint: mine.accepted ? "accepts" : mine.why,
          apiserver: theirs.accepted ? "accepts" : theirs.why,
        });
    }
    rows.push(row);
  }
} finally {
  await Promise.all([...oracles.values()].map((o) => o.close()));
}

const rel = (name) => relative(process.cwd(), name) || name;
if (values.json) {
  process.stdout.write(JSON.stringify({ releases, missing, rows }, null, 2) + "\n");
} else {
  for (const row of rows) {
    const same = row.crdlint.join() === row.oracle.join();
    process.stdout.write(
      `${same ? " " : "✗"} ${rel(row.name)}\n    accepted by crdlint at ${ranges(row.crdlint)}; by the apiserver at ${ranges(row.oracle)}${row.fatal.length ? ` (the apiserver's code panics at ${row.fatal.join(", ")})` : ""}\n`,
    );
    for (const d of row.disagreements)
      process.stdout.write(
        `    ${d.release}: crdlint ${d.crdlint === "accepts" ? "accepts" : `rejects (${d.crdlint})`}; apiserver ${d.apiserver === "accepts" ? "accepts" : `rejects (${d.apiserver})`}\n`,
      );
  }
}
const disagreeing = rows.filter((r) => r.disagreements.length > 0);
const perRelease = releases.map(
  (r) => `${r}: ${rows.filter((row) => row.disagreements.some((d) => d.release === r)).length}`,
);
const everywhere = rows.filter((r) => r.oracle.length === releases.length).length;
const nowhere = rows.filter((r) => r.oracle.length === 0).length;
process.stderr.write(
  [
    ``,
    `release-floors: ${crds.length} CRDs in ${files.length} files at ${releases.length} release${releases.length === 1 ? "" : "s"} (${releases.join(", ")})${missing.length ? `; not built, left out: ${missing.join(", ")}` : ""}`,
    `  the apiserver accepts ${everywhere} at every release, ${nowhere} at none, ${crds.length - everywhere - nowhere} at some`,
    `  crdlint and the apiserver agree on ${crds.length - disagreeing.length} of ${crds.length} at every release; ${disagreeing.length} disagree somewhere (per release: ${perRelease.join(", ")})`,
    ``,
  ].join("\n"),
);
process.exit(disagreeing.length ? 1 : 0);
