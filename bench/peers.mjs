// crdlint side by side with kubectl-validate and kubeconform, on the same inputs, in one run:
//   1. validating custom resources: `crdlint validate` vs `kubectl-validate --local-crds` vs `kubeconform` with
//      JSON Schemas converted from the same CRDs (bench/crd-jsonschema.mjs);
//   2. checking CRDs: `crdlint lint` vs `kubectl-validate` on the CRD objects (the apiserver's CRD strategy).
// Prints throughput (wall and CPU, median of --runs interleaved rounds), the ratios, and where the tools' verdicts
// differ. The peers are built from the Go module proxy at the pinned versions below into bench/.peers/bin
// (git-ignored; built once, skipped when present). Inputs: the example resources and CRDs of ../shared/corpus,
// or, when it is absent (or with --fixtures), crdlint's own fixtures. Not a test; needs `go` (and /usr/bin/time for CPU and RSS).
// crdlint's cache (validate's of CRD files, lint's of files linted) is a fresh directory of the run's: its first round
// fills it, the later rounds read it (the median of three is a warm run); `crdlint --no-cache` lints with none, every
// round.
//   node bench/peers.mjs [--count 10000] [--runs 3] [--k8s 1.30] [--examples 4] [--no-verdicts] [--fixtures] [--json <file>] [--keep]
import { spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { SCHEMA_LOCATION_TEMPLATE, writeJsonSchemas } from "./crd-jsonschema.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const COUNT = Number(flag("--count", "10000"));
const RUNS = Number(flag("--runs", "3"));
// kubectl-validate v0.0.4 is built on the Kubernetes 1.30 modules (k8s.io/apiextensions-apiserver v0.30.1), the
// newest the module proxy has; crdlint targets the same release so that the verdicts are comparable.
const K8S = flag("--k8s", "1.30");
const EXAMPLES = Number(flag("--examples", "4"));

// Pinned peers. kubectl-validate has no newer tagged release on the module proxy than v0.0.4 (May 2024).
const PEERS = {
  "kubectl-validate": {
    module: "sigs.k8s.io/kubectl-validate",
    version: "v0.0.4",
    pkg: "sigs.k8s.io/kubectl-validate",
  },
  kubeconform: {
    module: "github.com/yannh/kubeconform",
    version: "v0.8.0",
    pkg: "github.com/yannh/kubeconform/cmd/kubeconform",
  },
};
const cache = join(here, ".peers");
const binDir = join(cache, "bin");
const work = join(cache, "work");
const crdlintBin = join(root, "bin", "crdlint.js");
process.env.CRDLINT_CACHE_DIR = mkdtempSync(join(tmpdir(), "crdlint-peers-cache-"));

// ---------------------------------------------------------------------------------------------------- building

function ensurePeer(name) {
  const { version, pkg } = PEERS[name];
  const bin = join(binDir, `${name}-${version}`);
  if (existsSync(bin)) return bin;
  const go = spawnSync("go", ["version"], { encoding: "utf8" });
  if (go.status !== 0) fail(`bench/peers.mjs needs Go to build ${name} (go install ${pkg}@${version})`);
  const tmp = join(cache, "gobin-tmp");
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  console.log(`building ${name} ${version}: go install ${pkg}@${version} (once; cached in ${relative(root, binDir)})`);
  const r = spawnSync("go", ["install", `${pkg}@${version}`], {
    cwd: tmp,
    stdio: "inherit",
    env: { ...process.env, GOBIN: tmp },
  });
  if (r.status !== 0) fail(`go install ${pkg}@${version} failed`);
  mkdirSync(binDir, { recursive: true });
  renameSync(join(tmp, basename(pkg)), bin);
  rmSync(tmp, { recursive: true, force: true });
  return bin;
}

function fail(message) {
  console.error(message);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------------- inputs

// Documents split the way kubectl and kubectl-validate split a stream (apimachinery's YAMLReader): at lines that
// start with `---` followed by nothing but spaces or a comment. Each keeps its original text.
function splitDocuments(text) {
  const docs = [];
  let current = [];
  for (const line of text.split("\n")) {
    if (/^---[ \t]*(#.*)?\r?$/.test(line)) {
      docs.push(current.join("\n"));
      current = [];
    } else current.push(line);
  }
  docs.push(current.join("\n"));
  return docs.filter((d) => d.split("\n").some((l) => l.trim() !== "" && !l.trim().startsWith("#")));
}

// YAML 1.1, as sigs.k8s.io/yaml reads it (0755 is octal, yes/no are booleans): mutants are re-serialized from
// these objects and must mean what the original text meant to the Go tools.
function parseQuietly(text) {
  try {
    return parse(text, { maxAliasCount: -1, uniqueKeys: false, version: "1.1", logLevel: "silent" });
  } catch {
    return undefined;
  }
}

const yamlFiles = (dir) =>
  readdirSync(dir, { recursive: true })
    .map((f) => join(dir, f))
    .filter((f) => /\.(ya?ml|json)$/i.test(f) && statSync(f).isFile())
    .sort();

// Sources: each pairs a set of CRD files with the resource files meant for them (a corpus project, or a fixture).
function sources() {
  const corpus = resolve(root, "..", "shared", "corpus");
  if (!args.includes("--fixtures") && existsSync(join(corpus, "examples")) && existsSync(join(corpus, "crds"))) {
    const list = readdirSync(join(corpus, "examples"))
      .sort()
      .filter((p) => existsSync(join(corpus, "crds", p)))
      .map((p) => ({
        name: p,
        crds: yamlFiles(join(corpus, "crds", p)),
        resources: yamlFiles(join(corpus, "examples", p)),
      }));
    return {
      label: "../shared/corpus (example resources with their projects' CRDs; all corpus CRDs for lint)",
      list,
      lintCrds: yamlFiles(join(corpus, "crds")),
    };
  }
  const fx = join(root, "fixtures");
  const list = readdirSync(join(fx, "validate"))
    .sort()
    .map((c) => ({
      name: `fixtures/validate/${c}`,
      crds: [join(fx, "validate", c, "crd.yaml")],
      resources: [join(fx, "validate", c, "resource.yaml")],
    }))
    .filter((s) => existsSync(s.crds[0]) && existsSync(s.resources[0]));
  const lintCrds = yamlFiles(fx).filter((f) => !f.endsWith(".expected.json"));
  const why = args.includes("--fixtures") ? "--fixtures" : "../shared/corpus is absent";
  const label = `crdlint's own fixtures (${why}): fixtures/validate cases (each case's group renamed, its CRD and resources written as JSON), and every fixture CRD for lint`;
  return { label, list, lintCrds, regroup: true };
}

const groupOf = (apiVersion) => (apiVersion.includes("/") ? apiVersion.slice(0, apiVersion.lastIndexOf("/")) : "");
const safe = (s) => s.replace(/[^A-Za-z0-9._-]+/g, "_");

// Writes the inputs under bench/.peers/work: crds/ (one file per CRD the resources use, the largest where several
// define the same group and kind: gateway-api's experimental channel over its standard one), schemas/ (converted),
// one/ (one resource per file, the example resources and a few invalid mutants of each: verdicts), bulk/ (COUNT
// copies of the example resources, 100 to a file: throughput), lint/ (one CRD per file: both workloads of lint).
function stage() {
  rmSync(work, { recursive: true, force: true });
  for (const d of ["crds", "schemas", "one", "bulk", "single", "lint"]) mkdirSync(join(work, d), { recursive: true });
  const src = sources();

  const crdsByGK = new Map(); // group/kind -> [{ text, obj }] candidates
  const wanted = []; // { source, text, obj, gk }
  src.list.forEach((s, index) => {
    const own = new Map();
    for (const f of s.crds) {
      for (let text of splitDocuments(readFileSync(f, "utf8"))) {
        const obj = parseQuietly(text);
        if (obj?.kind !== "CustomResourceDefinition" || !obj.spec?.group || !obj.spec?.names?.kind) continue;
        if (src.regroup) {
          // The fixtures reuse one group and kind for different CRDs: each source gets a group of its own.
          obj.spec.group = `s${index}.${obj.spec.group}`;
          obj.metadata = { ...obj.metadata, name: `${obj.spec.names.plural}.${obj.spec.group}` };
          text = JSON.stringify(obj, null, 1);
        }
        own.set(`${obj.spec.group}/${obj.spec.names.kind}`, { text, obj });
        const gk = `${obj.spec.group}/${obj.spec.names.kind}`;
        crdsByGK.set(gk, [...(crdsByGK.get(gk) ?? []), { text, obj }]);
      }
    }
    for (const f of s.resources) {
      for (let text of splitDocuments(readFileSync(f, "utf8"))) {
        const obj = parseQuietly(text);
        if (typeof obj?.apiVersion !== "string" || typeof obj?.kind !== "string") continue;
        if (src.regroup && obj.apiVersion.includes("/")) {
          obj.apiVersion = `s${index}.${obj.apiVersion}`;
          text = JSON.stringify(obj, null, 1);
        }
        const gk = `${groupOf(obj.apiVersion)}/${obj.kind}`;
        if (own.has(gk)) wanted.push({ source: s.name, text, obj, gk });
      }
    }
  });
  const chosen = new Map();
  for (const { gk } of wanted) {
    if (chosen.has(gk)) continue;
    chosen.set(
      gk,
      crdsByGK.get(gk).reduce((a, b) => (b.text.length > a.text.length ? b : a)),
    );
  }
  for (const [, { text, obj }] of chosen)
    writeFileSync(join(work, "crds", `${safe(obj.metadata?.name ?? obj.spec.names.plural)}.yaml`), text + "\n");
  const schemaFiles = writeJsonSchemas(yamlFiles(join(work, "crds")), join(work, "schemas"));

  // Verdict set: each example once (identical texts once), then its mutants.
  const seen = new Set();
  const cases = [];
  for (const w of wanted) {
    if (seen.has(w.text)) continue;
    seen.add(w.text);
    cases.push({ ...w, crd: chosen.get(w.gk).obj.metadata?.name, variant: "example" });
  }
  const examples = cases.length;
  for (const c of cases.slice(0, examples)) {
    for (const m of mutants(c, chosen.get(c.gk).obj)) cases.push(m);
  }
  cases.forEach((c, i) => {
    c.file = join(work, "one", `${String(i).padStart(4, "0")}-${safe(c.source)}-${safe(c.obj.kind)}-${c.variant}.yaml`);
    writeFileSync(c.file, c.text + "\n");
  });

  // Throughput set: the examples repeated up to COUNT, 100 documents to a file.
  const originals = cases.slice(0, examples);
  let n = 0;
  for (let part = 0; n < COUNT; part++) {
    const docs = [];
    for (let j = 0; j < 100 && n < COUNT; j++, n++) docs.push(originals[n % originals.length].text);
    writeFileSync(join(work, "bulk", `part-${String(part).padStart(3, "0")}.yaml`), docs.join("\n---\n") + "\n");
  }

  // Start-up set: one resource, with all the CRDs (what a tool pays before its first resource).
  writeFileSync(join(work, "single", "one.yaml"), originals[0].text + "\n");

  // Lint set: every CRD of the corpus (or fixtures), one per file.
  const lint = [];
  for (const f of src.lintCrds) {
    splitDocuments(readFileSync(f, "utf8")).forEach((text, i) => {
      const obj = parseQuietly(text);
      if (obj?.kind !== "CustomResourceDefinition") return;
      const file = join(work, "lint", `${String(lint.length).padStart(4, "0")}-${safe(basename(f))}-${i}.yaml`);
      writeFileSync(file, text + "\n");
      lint.push({ file, name: obj.metadata?.name ?? "?", origin: `${relative(resolve(root, ".."), f)}#${i}` });
    });
  }
  return { label: src.label, crds: chosen.size, schemaFiles, examples, cases, bulk: n, lint };
}

// Invalid variants of an example ("mutants"), built from its CRD's schema so that every tool can see the fault: an unknown
// field in spec, a required spec field removed, a string field given a number. Written as JSON (a YAML document).
function mutants(c, crd) {
  const version = c.obj.apiVersion.slice(c.obj.apiVersion.lastIndexOf("/") + 1);
  const v = (crd.spec.versions ?? []).find((x) => x?.name === version);
  const specSchema = (v?.schema?.openAPIV3Schema ?? crd.spec.validation?.openAPIV3Schema)?.properties?.spec;
  const spec = c.obj.spec;
  if (!specSchema || !spec || typeof spec !== "object" || Array.isArray(spec)) return [];
  const out = [];
  const variant = (name, edit) => {
    const obj = structuredClone(c.obj);
    if (edit(obj) !== false) out.push({ ...c, obj, text: JSON.stringify(obj, null, 1), variant: name });
  };
  if (specSchema["x-kubernetes-preserve-unknown-fields"] !== true && specSchema.properties) {
    variant("unknown-field", (o) => void (o.spec.benchUnknownField = "x"));
  }
  // A required field with a default is defaulted before validation (kubeconform does not default): take one without.
  const required = (specSchema.required ?? []).find(
    (k) => k in spec && specSchema.properties?.[k]?.default === undefined,
  );
  if (required) variant("missing-required", (o) => void delete o.spec[required]);
  const stringField = Object.entries(specSchema.properties ?? {}).find(
    ([k, s]) => s?.type === "string" && typeof spec[k] === "string" && !s["x-kubernetes-int-or-string"],
  );
  if (stringField) variant("wrong-type", (o) => void (o.spec[stringField[0]] = 12345));
  return out;
}

// ---------------------------------------------------------------------------------------------------- running

const timeBin = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

// Runs a command as a user would, stdout to a file; returns wall and CPU seconds (user+sys of the process and its
// children, from /usr/bin/time) and peak RSS.
function timed(cmd, argv, outFile) {
  const timeFile = `${outFile}.time`;
  const out = openSync(outFile, "w");
  const err = openSync(`${outFile}.err`, "w");
  const t0 = process.hrtime.bigint();
  const r = timeBin
    ? spawnSync(timeBin, ["-f", "%e %U %S %M", "-o", timeFile, cmd, ...argv], { stdio: ["ignore", out, err] })
    : spawnSync(cmd, argv, { stdio: ["ignore", out, err] });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  closeSync(out);
  closeSync(err);
  let cpu = NaN;
  let rssMB = NaN;
  if (timeBin && existsSync(timeFile)) {
    const [, u, s, m] = readFileSync(timeFile, "utf8").trim().split("\n").pop().split(" ").map(Number);
    cpu = u + s;
    rssMB = m / 1024;
  }
  return { wall, cpu, rssMB, status: r.status, stderr: readFileSync(`${outFile}.err`, "utf8") };
}

const kvArgs = (paths, crdDir) => [
  ...paths,
  ...(crdDir ? ["--local-crds", crdDir] : []),
  "--version",
  K8S,
  "-o",
  "json",
];
const kcArgs = (paths, verbose) => [
  "-schema-location",
  join(work, "schemas", SCHEMA_LOCATION_TEMPLATE),
  "-strict",
  "-output",
  "json",
  "-summary",
  ...(verbose ? ["-verbose"] : []),
  ...paths,
];

function commands(bins) {
  const crds = join(work, "crds");
  return {
    validate: {
      crdlint: (p) => [process.execPath, [crdlintBin, "validate", "--crd", crds, p, "-k", K8S, "-f", "json"]],
      "kubectl-validate": (p) => [bins["kubectl-validate"], kvArgs([p], crds)],
      kubeconform: (p, verbose) => [bins.kubeconform, kcArgs([p], verbose)],
    },
    lint: {
      crdlint: (p) => [process.execPath, [crdlintBin, "lint", p, "-k", K8S, "-f", "json"]],
      "crdlint --no-cache": (p) => [process.execPath, [crdlintBin, "lint", p, "-k", K8S, "-f", "json", "--no-cache"]],
      "kubectl-validate": (p) => [bins["kubectl-validate"], kvArgs([p])],
    },
  };
}

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
};

// The apiserver's field.ErrorType names, from the StatusCause reasons kubectl-validate prints.
const CAUSE_TYPES = {
  FieldValueRequired: "Required value",
  FieldValueInvalid: "Invalid value",
  FieldValueTypeInvalid: "Invalid value",
  FieldValueNotSupported: "Unsupported value",
  FieldValueDuplicate: "Duplicate value",
  FieldValueForbidden: "Forbidden",
  FieldValueTooLong: "Too long",
  FieldValueTooMany: "Too many",
  FieldValueNotFound: "Not found",
  InternalError: "Internal error",
};

const MESSAGE_CUT = "(message cut; --format json has the whole text in detail)";

// kubectl-validate finds unknown fields by pruning and reports them as invalid values; the apiserver, decoding
// strictly (kubectl's default), rejects them as unknown fields, the type crdlint reports.
const causeType = (c) =>
  c.message?.includes("value provided for unknown field") ? "Unknown field" : (CAUSE_TYPES[c.reason] ?? c.reason);

// Per-file verdicts { rejected, message, errors } of one tool's JSON report (one document per file in the verdict
// sets); `errors` (crdlint and kubectl-validate) is the set of "field: type" the apiserver-level errors name. For
// crdlint, `notValidated` holds the CRDs it found invalid at the targeted release (it validates no resource of them).
function verdicts(tool, file) {
  const out = new Map();
  out.notValidated = new Set();
  const report = readJson(file);
  if (!report) return out;
  if (tool === "crdlint") {
    for (const d of report.diagnostics ?? []) {
      if (d.rule === "resource-crd-invalid") out.notValidated.add(d.object);
      // Rejected: an error the apiserver returns, or one in YAML that kubectl cannot send (it never reaches the apiserver).
      if (d.severity !== "error" || !(d.apiserver || d.category === "yaml")) continue;
      const k = resolve(d.file);
      if (!out.has(k))
        out.set(k, {
          rejected: true,
          message: `${d.rule}: ${d.apiserverField ?? d.field ?? ""}: ${d.type ?? ""}: ${d.message}`,
          errors: new Set(),
          messages: [],
        });
      out.get(k).errors.add(`${d.apiserverField ?? d.field}: ${d.type}`);
      // A long message is cut in `message` and whole in `detail`.
      const message = d.message.endsWith(MESSAGE_CUT) && d.detail ? d.detail : d.message;
      out.get(k).messages.push({ error: `${d.apiserverField ?? d.field}: ${d.type}`, message });
    }
  } else if (tool === "kubectl-validate") {
    for (const [path, statuses] of Object.entries(report)) {
      const bad = statuses.find((s) => s.status === "Failure");
      // An error with no field (an internal error, a decoding failure) is named by the status's reason.
      const causes = (bad?.details?.causes?.length ? bad.details.causes : [{ message: bad?.message }]).map((c) => ({
        field: c.field ?? "(no field)",
        reason: c.reason ?? bad?.reason,
        message: c.message,
      }));
      const errors = new Set(causes.map((c) => `${c.field}: ${causeType(c)}`));
      const messages = causes.map((c) => ({ error: `${c.field}: ${causeType(c)}`, message: c.message }));
      out.set(resolve(path), bad ? { rejected: true, message: kvMessage(bad), errors, messages } : { rejected: false });
    }
  } else {
    for (const r of report.resources ?? []) {
      const k = resolve(r.filename);
      const rejected = r.status === "statusInvalid" || r.status === "statusError";
      const msg = r.validationErrors?.length ? r.validationErrors.map((e) => `${e.path}: ${e.msg}`).join("; ") : r.msg;
      out.set(k, rejected ? { rejected, message: msg } : { rejected, skipped: r.status === "statusSkipped" });
    }
  }
  return out;
}

function kvMessage(s) {
  const causes = s.details?.causes ?? [];
  if (causes.length) return causes.map((c) => `${c.field ? c.field + ": " : ""}${c.message}`).join("; ");
  return s.message;
}

// ---------------------------------------------------------------------------------------------------- reporting

const median = (xs) => {
  const s = [...xs].filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const f1 = (x) => (Number.isNaN(x) ? "n/a" : x >= 100 ? Math.round(x).toLocaleString("en-US") : x.toFixed(1));
// crdlint's time over a peer's as "2.3× faster" or "1.5× slower" (a peer time over crdlint's time is given).
const ratioText = (x) =>
  Number.isNaN(x) ? "n/a" : x >= 1 ? `${x.toFixed(1)}× faster` : `${(1 / x).toFixed(1)}× slower`;
const short = (s, n = 220) => {
  const t = String(s ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return t.length > n ? t.slice(0, n - 1) + "…" : t;
};

function table(title, unit, count, samples, tools, single) {
  console.log(`\n${title}`);
  const extra = single ? " start-up CPU s (1 resource) | after start-up, resources/CPU-s |" : "";
  console.log(
    `| tool | ${unit}/s (wall) | ${unit}/CPU-s | wall s | CPU s | peak RSS MiB | crdlint is (wall, CPU) |${extra}`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|---:|${single ? "---:|---:|" : ""}`);
  const rows = {};
  for (const t of tools) {
    const wall = median(samples[t].map((x) => x.wall));
    const cpu = median(samples[t].map((x) => x.cpu));
    const rss = median(samples[t].map((x) => x.rssMB));
    rows[t] = { wall, cpu, rss, perWall: count / wall, perCpu: count / cpu };
    if (single) {
      rows[t].startCpu = median(single[t].map((x) => x.cpu));
      rows[t].marginalPerCpu = (count - 1) / (cpu - rows[t].startCpu);
    }
  }
  for (const t of tools) {
    const r = rows[t];
    const ratio =
      t === "crdlint" ? "" : `${ratioText(r.wall / rows.crdlint.wall)}, ${ratioText(r.cpu / rows.crdlint.cpu)}`;
    const more = single ? ` ${r.startCpu.toFixed(2)} | ${f1(r.marginalPerCpu)} |` : "";
    console.log(
      `| ${t} | ${f1(r.perWall)} | ${f1(r.perCpu)} | ${r.wall.toFixed(2)} | ${r.cpu.toFixed(2)} | ${f1(r.rss)} | ${ratio} |${more}`,
    );
  }
  return rows;
}

function compare(title, items, byTool, tools) {
  console.log(`\n${title}`);
  const rejectedBy = Object.fromEntries(tools.map((t) => [t, 0]));
  const patterns = new Map(); // "crdlint rejects, kubectl-validate accepts, ..." -> [item]
  const notValidated = [];
  const errors = { same: 0, differ: [] }; // crdlint vs kubectl-validate, where both reject: the "field: type" sets
  const messages = { same: 0, differ: new Map() }; // and where those agree, is crdlint's message in kubectl-validate's
  for (const it of items) {
    const v = Object.fromEntries(
      tools.map((t) => [t, byTool[t].get(resolve(it.file)) ?? { rejected: false, missing: true }]),
    );
    for (const t of tools) if (v[t].rejected) rejectedBy[t]++;
    if (!v.crdlint.rejected && it.crd && byTool.crdlint.notValidated.has(it.crd)) {
      notValidated.push({ it, v });
      continue;
    }
    if (v.crdlint.rejected && v["kubectl-validate"]?.rejected) {
      const a = [...v.crdlint.errors].sort().join("; ");
      const b = [...v["kubectl-validate"].errors].sort().join("; ");
      if (a === b) {
        errors.same++;
        for (const m of v.crdlint.messages) {
          const theirs = v["kubectl-validate"].messages.filter((k) => k.error === m.error).map((k) => k.message);
          if (theirs.some((t) => t.includes(m.message))) messages.same++;
          else {
            // One example per kind of message (quoted values and subscripts aside).
            const kind = `${m.error}: ${m.message}`.replace(/\[[^\]]*\]|"[^"]*"/g, "");
            if (!messages.differ.has(kind))
              messages.differ.set(kind, {
                it,
                crdlint: `${m.error}: ${m.message}`,
                "kubectl-validate": theirs.join("; "),
                count: 0,
              });
            messages.differ.get(kind).count++;
          }
        }
      } else errors.differ.push({ it, crdlint: a, "kubectl-validate": b });
    }
    if (tools.every((t) => v[t].rejected === v.crdlint.rejected)) continue;
    const key = tools.map((t) => `${t} ${v[t].rejected ? "rejects" : "accepts"}`).join(", ");
    patterns.set(key, [...(patterns.get(key) ?? []), { it, v }]);
  }
  console.log(`  ${items.length} inputs; rejected by ${tools.map((t) => `${t} ${rejectedBy[t]}`).join(", ")}`);
  if (notValidated.length) {
    const crds = [...new Set(notValidated.map(({ it }) => it.crd))];
    const peers = tools
      .filter((t) => t !== "crdlint")
      .map((t) => `${t} rejects ${notValidated.filter(({ v }) => v[t].rejected).length}`);
    console.log(
      `  ${notValidated.length} resources crdlint does not validate because their CRD is invalid at Kubernetes ${K8S} (${crds.length} CRDs: ${crds.join(", ")}); of these, ${peers.join(", ")}`,
    );
  }
  const both = errors.same + errors.differ.length;
  if (both) {
    console.log(
      `  rejected by crdlint and kubectl-validate: ${both}; the same errors (field and type of each) in ${errors.same}, different in ${errors.differ.length}`,
    );
    for (const d of errors.differ.slice(0, EXAMPLES)) {
      console.log(
        `    - ${d.it.label}\n        crdlint: ${short(d.crdlint)}\n        kubectl-validate: ${short(d["kubectl-validate"])}`,
      );
    }
    const differ = [...messages.differ.values()].reduce((n, d) => n + d.count, 0);
    console.log(
      `  where the errors are the same, crdlint's message is part of kubectl-validate's for ${messages.same} of ${messages.same + differ} errors${differ ? "; the others:" : ""}`,
    );
    for (const d of [...messages.differ.values()].sort((a, b) => b.count - a.count).slice(0, EXAMPLES)) {
      console.log(
        `    - ${d.count} like ${d.it.label}\n        crdlint: ${short(d.crdlint)}\n        kubectl-validate: ${short(d["kubectl-validate"])}`,
      );
    }
  }
  if (patterns.size === 0) console.log("  otherwise all tools agree on every input");
  for (const [key, list] of [...patterns].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`  ${list.length} × ${key}`);
    for (const { it, v } of list.slice(0, EXAMPLES)) {
      console.log(`    - ${it.label}`);
      for (const t of tools) if (v[t].rejected) console.log(`        ${t}: ${short(v[t].message)}`);
    }
  }
  return {
    rejectedBy,
    notValidated: notValidated.length,
    sameErrors: errors.same,
    differentErrors: errors.differ.length,
    sameMessages: messages.same,
    patterns: [...patterns].map(([k, l]) => ({
      pattern: k,
      count: l.length,
      examples: l.slice(0, EXAMPLES).map(({ it, v }) => ({ input: it.label, verdicts: v })),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------- main

const bins = { "kubectl-validate": ensurePeer("kubectl-validate"), kubeconform: ensurePeer("kubeconform") };
const staged = stage();
const cmds = commands(bins);
const out = join(work, "out");
mkdirSync(out, { recursive: true });

const model =
  (readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/) ?? [])[1] ?? cpus()[0]?.model ?? "?";
console.log(
  `machine: ${cpus().length} cores, ${model}; load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")} at start`,
);
console.log(`inputs: ${staged.label}`);
console.log(
  `  ${staged.examples} example resources (and ${staged.cases.length - staged.examples} invalid mutants of them, for verdicts), ${staged.crds} CRDs (${staged.schemaFiles} JSON Schema files for kubeconform); ${staged.bulk} resources in ${Math.ceil(staged.bulk / 100)} files for throughput; ${staged.lint.length} CRDs for lint`,
);
console.log(
  `  target Kubernetes ${K8S}; crdlint ${JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version} (node ${process.version}), kubectl-validate ${PEERS["kubectl-validate"].version}, kubeconform ${PEERS.kubeconform.version}; median of ${RUNS} interleaved rounds${timeBin ? "" : " (no /usr/bin/time: CPU and RSS not measured)"}`,
);
console.log("  invoked as (one process per tool, all files at once):");
for (const [w, path] of [
  ["validate", join(work, "bulk")],
  ["lint", join(work, "lint")],
]) {
  for (const mk of Object.values(cmds[w])) {
    const [c, a] = mk(path);
    console.log(
      `    ${[c === process.execPath ? "node" : basename(c), ...a].map((x) => (relative(root, x).startsWith("..") || !x.includes("/") ? x : relative(root, x))).join(" ")}`,
    );
  }
}

const WORKLOADS = { validate: ["validate", "bulk"], single: ["validate", "single"], lint: ["lint", "lint"] }; // commands, inputs
const samples = {};
for (const [w, [c]] of Object.entries(WORKLOADS))
  samples[w] = Object.fromEntries(Object.keys(cmds[c]).map((t) => [t, []]));
for (let round = 0; round < RUNS; round++) {
  // Interleaved, rotating the order each round so no tool always runs on a warm or a cold page cache.
  for (const [w, [command, input]] of Object.entries(WORKLOADS)) {
    const tools = Object.keys(cmds[command]);
    for (let i = 0; i < tools.length; i++) {
      const t = tools[(i + round) % tools.length];
      const [c, a] = cmds[command][t](join(work, input));
      const r = timed(c, a, join(out, `${w}-${t}-${round}.json`));
      if (r.status !== 0 && r.status !== 1) console.log(`  ! ${t} ${w} exited ${r.status}: ${short(r.stderr, 300)}`);
      samples[w][t].push(r);
    }
  }
}

const vTools = Object.keys(cmds.validate);
const lTools = Object.keys(cmds.lint);
// The verdicts of crdlint with and without its cache are one (test/commands/lint/cache.test.mjs): compared once.
const lVerdictTools = lTools.filter((t) => t !== "crdlint --no-cache");
let vRows;
let lRows;
if (RUNS > 0) {
  vRows = table(
    `Validating ${staged.bulk.toLocaleString("en-US")} custom resources (${staged.examples} examples repeated) against ${staged.crds} CRDs`,
    "resources",
    staged.bulk,
    samples.validate,
    vTools,
    samples.single,
  );
  lRows = table(`Checking ${staged.lint.length} CRDs`, "CRDs", staged.lint.length, samples.lint, lTools);
  const kv = lRows["kubectl-validate"];
  const cold = lRows["crdlint --no-cache"];
  if (kv && cold)
    console.log(
      `crdlint --no-cache (every file linted) is ${ratioText(kv.wall / cold.wall)} (wall), ${ratioText(kv.cpu / cold.cpu)} (CPU) than kubectl-validate`,
    );

  // The throughput runs' own verdicts, as a check that every tool did the work (rejections among the bulk resources).
  const bulkRejected = {};
  for (const t of vTools) {
    const report = readJson(join(out, `validate-${t}-0.json`));
    if (!report) bulkRejected[t] = "no report";
    else if (t === "crdlint") {
      const rejected = new Set(
        report.diagnostics
          .filter((d) => (d.apiserver || d.category === "yaml") && d.severity === "error")
          .map((d) => `${d.file}#${d.document}`),
      );
      bulkRejected[t] =
        `${report.summary.resources} resources validated, ${rejected.size} rejected, ${report.summary.skipped} not validated (CRD invalid at ${K8S})`;
    } else if (t === "kubectl-validate") {
      const all = Object.values(report).flat();
      bulkRejected[t] = `${all.filter((s) => s.status === "Failure").length} of ${all.length} documents rejected`;
    } else
      bulkRejected[t] =
        `${report.summary.valid} valid, ${report.summary.invalid} invalid, ${report.summary.errors} errors, ${report.summary.skipped} skipped`;
  }
  console.log(
    `\nthroughput runs, what each tool reported: ${vTools.map((t) => `${t}: ${bulkRejected[t]}`).join("; ")}`,
  );
}

// Verdicts: one resource (or CRD) per file, each tool once.
let vCmp;
let lCmp;
if (!args.includes("--no-verdicts")) {
  const vByTool = {};
  for (const t of vTools) {
    const [c, a] = cmds.validate[t](join(work, "one"), true);
    timed(c, a, join(out, `verdicts-validate-${t}.json`));
    vByTool[t] = verdicts(t, join(out, `verdicts-validate-${t}.json`));
  }
  const objectName = (m) => m?.name ?? (m?.generateName ? `generateName ${m.generateName}` : "(no name)");
  const vItems = staged.cases.map((c) => ({
    file: c.file,
    crd: c.crd,
    label: `${c.source}: ${c.obj.kind} ${objectName(c.obj.metadata)} (${c.variant})`,
  }));
  vCmp = compare(
    `Verdicts on ${vItems.length} custom resources (${staged.examples} examples, ${vItems.length - staged.examples} mutants), where the tools differ:`,
    vItems,
    vByTool,
    vTools,
  );

  const lByTool = {};
  for (const t of lVerdictTools) {
    const report = join(out, `lint-${t}-0.json`); // the first timed round's, or (with --runs 0) a run of its own
    if (!existsSync(report)) timed(...cmds.lint[t](join(work, "lint")), report);
    lByTool[t] = verdicts(t, report);
  }
  const lItems = staged.lint.map((l) => ({ file: l.file, label: `${l.name} (${l.origin})` }));
  lCmp = compare(`Verdicts on ${lItems.length} CRDs, where the tools differ:`, lItems, lByTool, lVerdictTools);
}

const jsonOut = flag("--json");
if (jsonOut) {
  writeFileSync(
    jsonOut,
    JSON.stringify(
      {
        machine: { cores: cpus().length, model },
        k8s: K8S,
        peers: PEERS,
        staged: { ...staged, cases: undefined, lint: undefined },
        validate: vRows,
        lint: lRows,
        verdicts: { validate: vCmp, lint: lCmp },
      },
      null,
      1,
    ),
  );
}
rmSync(process.env.CRDLINT_CACHE_DIR, { recursive: true, force: true });
if (!args.includes("--keep")) rmSync(work, { recursive: true, force: true });
else console.log(`\ninputs and reports kept in ${relative(root, work)}`);
