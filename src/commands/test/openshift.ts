/**
 * openshift/api's CRD test suites, read as its envtest harness reads them, and the CRD manifests the harness runs
 * each against.
 *
 * - The suite file: ghodss/yaml (go-yaml v2, a repeated key keeps its last value) into Go structs through
 *   encoding/json (a key matches its field exactly or case-insensitively; unknown keys are ignored; a number or
 *   boolean given for a string field becomes its text; a mapping given for one is an error).
 * - The CRD: `crdName` selects, among `<suite dir>/../../zz_generated.crd-manifests/*`, the files whose CRD has that
 *   name; `featureGates` keeps those whose feature set enables (or, for `-Gate`, disables) every gate, read from the
 *   repository's payload-manifests/featuregates; an ungated suite runs against every file. The CRD is installed with
 *   only the suite's version, served and stored. An older layout names the file with `crd:` beside the suite.
 * - The objects (`initial`, `updated`, `expected`) are YAML texts read as k8s.io/apimachinery's yaml.Unmarshal reads
 *   them (the first document), sent with `metadata.generateName: test-` and `metadata.namespace: default`.
 */
// Upstream: openshift/api:tests/{types,generator,crd_filter}.go
import { readdir, readFile, stat } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { loadText, type LoadedDocument } from "../../load/document.js";
import { compareBytes, deepCopy, isPlainObject } from "../../k8s/go.js";
import type { JsonObject } from "../../crd/model.js";
import {
  TODO,
  type CaseObject,
  type CrdPatch,
  type SuiteCase,
  type SuiteReadProblem,
  type SuiteRun,
  type TodoPlace,
} from "./suite.js";

const FEATURE_SET_ANNOTATION = "release.openshift.io/feature-set";
const CLUSTER_PROFILE_PREFIX = "include.release.openshift.io/";
const MAJOR_VERSION_PREFIX = "release.openshift.io/major-version";

/** Whether a parsed suite document is openshift/api's format (it names its CRD with crdName, or crd: for the older layout). */
export function isOpenshiftSuite(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  if (goField(value, "crdName") !== undefined) return true;
  const tests = goField(value, "tests");
  return (
    typeof value.crd === "string" && tests !== undefined && isPlainObject(tests.value) && !Array.isArray(tests.value)
  );
}

/** encoding/json's choice of the key that sets a struct field: keys in Go's JSON order (sorted), exact or folded, last wins. */
function goField(obj: Record<string, unknown>, name: string): { key: string; value: unknown } | undefined {
  let found: { key: string; value: unknown } | undefined;
  const lower = name.toLowerCase();
  for (const k of Object.keys(obj).sort(compareBytes))
    if (k === name || k.toLowerCase() === lower) found = { key: k, value: obj[k] };
  return found;
}

/** A string field as ghodss/yaml and encoding/json fill it; a mapping or list is the loader's error. */
function goString(obj: Record<string, unknown>, name: string, where: string): string {
  const f = goField(obj, name);
  if (f === undefined || f.value === null) return "";
  const v = f.value;
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  throw new SuiteError(
    `json: cannot unmarshal ${Array.isArray(v) ? "array" : "object"} into Go struct field ${where}.${name} of type string`,
    f.key,
  );
}

class SuiteError extends Error {
  constructor(
    message: string,
    readonly key?: string,
  ) {
    super(message);
  }
}

/** The object of a YAML text as yaml.Unmarshal into an unstructured object reads it. */
function caseObject(text: string, what: string): CaseObject {
  const loaded = loadText(text);
  const fatal = loaded.problems.find(
    (p) => p.rule === "yaml-syntax" || p.rule === "yaml-alias-limit" || p.rule === "yaml-not-json",
  );
  if (fatal) return { problem: `${what} data should be a valid Kubernetes YAML resource: ${fatal.message}` };
  const v = loaded.documents[0]?.value ?? null;
  if (v === null) return { value: {} };
  if (!isPlainObject(v)) return { problem: `${what} data should be a valid Kubernetes YAML resource: not a mapping` };
  return { value: v };
}

interface ReadContext {
  cwd: string;
  /** Feature gate manifests by repository root, read once per run. */
  featureGates: Map<string, FeatureGateManifest[]>;
  /** CRD files by path, read once per run, and their texts. */
  crdFiles: Map<string, JsonObject | null>;
  crdTexts: Map<string, string>;
  /** The CRD as installed for a version, made once per file and version: suites share its compiled validators. */
  installed: WeakMap<JsonObject, Map<string, JsonObject | null>>;
}

export function openshiftReadContext(cwd: string): ReadContext {
  return { cwd, featureGates: new Map(), crdFiles: new Map(), crdTexts: new Map(), installed: new WeakMap() };
}

/** An openshift/api suite: one SuiteRun per CRD manifest the harness would pick, or the reason it cannot run. */
export async function readOpenshiftSuite(
  file: string,
  doc: LoadedDocument,
  ctx: ReadContext,
): Promise<{ runs: SuiteRun[] } | { problem: SuiteReadProblem }> {
  const at = (path: (string | number)[]) => doc.locate(path).start;
  const problem = (message: string, path: (string | number)[] = []) => {
    const p = at(path);
    return { problem: { file, line: p.line, column: p.column, message } };
  };
  const spec = doc.value as Record<string, unknown>;
  try {
    const name = goString(spec, "name", "SuiteSpec");
    const crdName = goString(spec, "crdName", "SuiteSpec");
    const olderCrdFile = typeof spec.crd === "string" ? spec.crd : "";
    const gatesField = goField(spec, "featureGates");
    const featureGates = Array.isArray(gatesField?.value) ? gatesField.value.map((g) => String(g)) : [];
    let version = goString(spec, "version", "SuiteSpec");
    const suiteDir = dirname(resolve(ctx.cwd, file));
    let crdFiles: string[];
    if (crdName !== "") crdFiles = await crdFilesFor(suiteDir, crdName, featureGates, ctx);
    else if (olderCrdFile !== "") {
      const found = await olderLayoutCrd(suiteDir, olderCrdFile, ctx);
      if (!found)
        return problem(
          `CRD file ${JSON.stringify(olderCrdFile)} not found beside the suite or in zz_generated.crd-manifests/`,
          ["crd"],
        );
      crdFiles = [found];
    } else return problem(`test suite spec ${JSON.stringify(file)} is invalid: missing required field \`crdName\``);
    if (crdFiles.length === 0)
      return problem(`missing CRD files to use for test ${file}`, [goField(spec, "crdName")?.key ?? "crdName"]);
    const crds: { path: string; crd: JsonObject }[] = [];
    for (const f of crdFiles) {
      const crd = await readCrdFile(f, ctx);
      if (crd) crds.push({ path: f, crd });
    }
    if (version === "") {
      for (const { crd } of crds) {
        const versions = specVersions(crd);
        if (versions.length > 1)
          return problem("could not determine test suite CRD version: too many versions, specify one in the suite");
        const v = typeof versions[0]?.name === "string" ? versions[0].name : "";
        if (version === "") version = v;
        else if (version !== v)
          return problem(
            `could not determine test suite CRD version: too many versions, specify one in the suite.  Saw ${version} and ${v}`,
          );
      }
    }
    const cases = readCases(spec, doc);
    const runs: SuiteRun[] = [];
    for (const { path, crd } of crds) {
      let byVersion = ctx.installed.get(crd);
      if (!byVersion) ctx.installed.set(crd, (byVersion = new Map<string, JsonObject | null>()));
      if (!byVersion.has(version)) byVersion.set(version, versionedCrd(crd, version));
      const installed = byVersion.get(version)!;
      if (!installed)
        return problem(`could not find CRD version matching version ${version} in ${relative(ctx.cwd, path)}`);
      // The file's text, when installing it as is would install the same CRD (one version, served and stored).
      const versions = specVersions(crd);
      const same = versions.length === 1 && versions[0]!.served === true && versions[0]!.storage === true;
      runs.push({
        file,
        suite: name,
        crdFile: relative(ctx.cwd, path),
        ...(same ? { crdText: ctx.crdTexts.get(path) } : {}),
        crd: installed,
        crdFromFile: crd,
        version,
        harness: "openshift",
        fieldValidation: "warn",
        cases,
      });
    }
    return { runs };
  } catch (e) {
    if (e instanceof SuiteError)
      return problem(`could not unmarshal YAML file ${JSON.stringify(file)}: ${e.message}`, e.key ? [e.key] : []);
    throw e;
  }
}

function specVersions(crd: JsonObject): Record<string, unknown>[] {
  const spec = isPlainObject(crd.spec) ? crd.spec : {};
  return Array.isArray(spec.versions) ? spec.versions.filter(isPlainObject) : [];
}

/** loadVersionedCRD: only the suite's version, served and stored. */
function versionedCrd(crd: JsonObject, version: string): JsonObject | null {
  const out = deepCopy(crd);
  const spec = out.spec as Record<string, unknown>;
  const kept = specVersions(out)
    .filter((v) => v.name === version)
    .map((v) => ({ ...v, served: true, storage: true }));
  if (kept.length === 0) return null;
  spec.versions = kept;
  return out;
}

/** The cases of onCreate and onUpdate, in file order, with where each starts. */
function readCases(spec: Record<string, unknown>, doc: LoadedDocument): SuiteCase[] {
  const testsField = goField(spec, "tests");
  if (!testsField || !isPlainObject(testsField.value)) return [];
  const tests = testsField.value;
  const out: SuiteCase[] = [];
  for (const [field, operation] of [
    ["onCreate", "create"],
    ["onUpdate", "update"],
  ] as const) {
    const list = goField(tests, field);
    if (!list || !Array.isArray(list.value)) continue;
    list.value.forEach((entry, i) => {
      const base = [testsField.key, list.key, i];
      const where = `${operation === "create" ? "OnCreateTestSpec" : "OnUpdateTestSpec"}`;
      const e = isPlainObject(entry) ? entry : {};
      const pos = doc.locate(base).start;
      const str = (k: string) => goString(e, k, where);
      const todos: TodoPlace[] = [];
      const keyOf = (k: string) => goField(e, k)?.key ?? k;
      const expectedText = str("expected");
      const expectedError = str("expectedError");
      if (expectedText.trim() === TODO) todos.push({ key: "expected", path: [...base, keyOf("expected")] });
      if (expectedError === TODO) todos.push({ key: "expectedError", path: [...base, keyOf("expectedError")] });
      const c: SuiteCase = {
        name: str("name"),
        line: pos.line,
        column: pos.column,
        operation,
        initial: caseObject(str("initial"), "initial"),
        todos,
      };
      if (operation === "update") c.updated = caseObject(str("updated"), "updated");
      if (expectedError !== "" && expectedError !== TODO) c.expectedError = [{ contains: expectedError }];
      else if (expectedText.trim() !== TODO) c.expected = caseObject(expectedText, "expected");
      if (operation === "update") {
        const statusError = str("expectedStatusError");
        if (statusError !== "") c.expectedStatusError = statusError;
        const patches = goField(e, "initialCRDPatches");
        if (Array.isArray(patches?.value) && patches.value.length > 0)
          c.crdPatches = patches.value.map((p): CrdPatch => {
            const o = isPlainObject(p) ? p : {};
            const patch: CrdPatch = { op: goString(o, "op", "Patch"), path: goString(o, "path", "Patch") };
            const value = goField(o, "value");
            if (value !== undefined) patch.value = value.value;
            return patch;
          });
      }
      out.push(c);
    });
  }
  return out;
}

/**
 * The CRD of a manifest file, read once per run; with `name`, null without reading further when the text cannot hold
 * a CRD of that name (a repository's manifests directory holds many CRDs, and each suite looks for one).
 */
async function readCrdFile(path: string, ctx: ReadContext, name?: string): Promise<JsonObject | null> {
  if (ctx.crdFiles.has(path)) return ctx.crdFiles.get(path)!;
  let text = ctx.crdTexts.get(path);
  if (text === undefined) {
    try {
      text = await readFile(path, "utf8");
    } catch {
      text = "";
    }
    ctx.crdTexts.set(path, text);
  }
  if (name !== undefined && !text.includes(name)) return null;
  let crd: JsonObject | null = null;
  const v = loadText(text).documents[0]?.value;
  if (isPlainObject(v)) crd = v;
  ctx.crdFiles.set(path, crd);
  return crd;
}

function annotationsOf(o: JsonObject): Record<string, string> {
  const meta = isPlainObject(o.metadata) ? o.metadata : {};
  const out: Record<string, string> = {};
  if (isPlainObject(meta.annotations))
    for (const [k, v] of Object.entries(meta.annotations)) if (typeof v === "string") out[k] = v;
  return out;
}

/** perTestRuntimeInfo: the CRD manifests of the suite's CRD that its feature gates select. */
async function crdFilesFor(
  suiteDir: string,
  crdName: string,
  featureGates: string[],
  ctx: ReadContext,
): Promise<string[]> {
  const dir = join(suiteDir, "..", "..", "zz_generated.crd-manifests");
  let names: string[];
  try {
    names = (await readdir(dir)).sort(compareBytes);
  } catch {
    throw new SuiteError(`open ${dir}: no such file or directory`);
  }
  const out: string[] = [];
  for (const n of names) {
    const path = join(dir, n);
    const crd = await readCrdFile(path, ctx, crdName);
    if (!crd) continue;
    const meta = isPlainObject(crd.metadata) ? crd.metadata : {};
    if (meta.name !== crdName) continue;
    if (featureGates.length === 0) {
      out.push(path);
      continue;
    }
    const annotations = annotationsOf(crd);
    const featureSets = new Set((annotations[FEATURE_SET_ANNOTATION] ?? "").split(",").filter((s) => s !== ""));
    if (featureSets.has("CustomNoUpgrade")) {
      if (!featureGates.some((g) => g.startsWith("-"))) out.push(path);
      continue;
    }
    const profiles = Object.keys(annotations)
      .filter((k) => k.startsWith(CLUSTER_PROFILE_PREFIX) && annotations[k] === "true")
      .sort(compareBytes);
    if (profiles.length === 0) {
      out.push(path);
      continue;
    }
    if (featureSets.size === 0) featureSets.add("Default");
    const status = await featureGateStatus(suiteDir, profiles[0]!, featureSets, majorVersions(annotations), ctx, path);
    let keep = true;
    for (const gate of featureGates) {
      const disabled = gate.startsWith("-");
      const name = disabled ? gate.slice(1) : gate;
      const enabled = status.get(name);
      if (enabled === undefined) throw new SuiteError(`unable to find featureGate/${gate} to check for ${path}`);
      if (enabled === disabled) keep = false;
    }
    if (keep) out.push(path);
  }
  return out;
}

function majorVersions(annotations: Record<string, string>): Set<number> {
  // Go's map order picks any matching key; the generated manifests carry one.
  const key = Object.keys(annotations).find((k) => k.startsWith(MAJOR_VERSION_PREFIX));
  const out = new Set<number>();
  for (const part of (key ? annotations[key]! : "").split(",")) {
    const t = part.trim();
    if (/^\d+$/.test(t)) out.add(Number(t));
  }
  return out;
}

interface FeatureGateManifest {
  annotations: Record<string, string>;
  gates: Map<string, boolean>;
}

/** The enabled and disabled gates of the first manifest (in walk order) of the cluster profile, feature set and versions. */
async function featureGateStatus(
  suiteDir: string,
  profile: string,
  featureSets: Set<string>,
  versions: Set<number>,
  ctx: ReadContext,
  crdPath: string,
): Promise<Map<string, boolean>> {
  const manifests = await featureGateManifests(suiteDir, ctx);
  for (const m of manifests) {
    if (!(profile in m.annotations)) continue;
    if (!featureSets.has(m.annotations[FEATURE_SET_ANNOTATION] ?? "")) continue;
    if (versions.size > 0 && ![...majorVersions(m.annotations)].some((v) => versions.has(v))) continue;
    return m.gates;
  }
  throw new SuiteError(
    `unable to find featureGates to check for ${crdPath}: no feature gate found for cluster profile ${JSON.stringify(profile)}, feature set ${JSON.stringify([...featureSets].join(","))}, and versions ${[...versions].join(",")}`,
  );
}

/** The repository's payload-manifests/featuregates (found upward from the suite), in filepath.WalkDir order. */
async function featureGateManifests(suiteDir: string, ctx: ReadContext): Promise<FeatureGateManifest[]> {
  let dir = suiteDir;
  for (;;) {
    const candidate = join(dir, "payload-manifests", "featuregates");
    const known = ctx.featureGates.get(candidate);
    if (known) return known;
    if (await isDirectory(candidate)) {
      const manifests: FeatureGateManifest[] = [];
      for (const f of await walk(candidate)) {
        const v = loadText(await readFile(f, "utf8")).documents[0]?.value;
        if (!isPlainObject(v)) continue;
        const gates = new Map<string, boolean>();
        const status = isPlainObject(v.status) ? v.status : {};
        const first =
          Array.isArray(status.featureGates) && isPlainObject(status.featureGates[0]) ? status.featureGates[0] : {};
        for (const [list, enabled] of [
          ["enabled", true],
          ["disabled", false],
        ] as const)
          if (Array.isArray(first[list]))
            for (const g of first[list]) if (isPlainObject(g) && typeof g.name === "string") gates.set(g.name, enabled);
        manifests.push({ annotations: annotationsOf(v), gates });
      }
      ctx.featureGates.set(candidate, manifests);
      return manifests;
    }
    const parent = dirname(dir);
    if (parent === dir)
      throw new SuiteError(
        "no payload-manifests/featuregates directory above the suite: its featureGates cannot be resolved",
      );
    dir = parent;
  }
}

async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

/** filepath.WalkDir's order: lexical, depth first. */
async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of (await readdir(dir, { withFileTypes: true })).sort((a, b) => compareBytes(a.name, b.name))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else out.push(p);
  }
  return out;
}

/** The older layout's `crd:` file: beside the suite, else in zz_generated.crd-manifests/ there. */
async function olderLayoutCrd(suiteDir: string, name: string, ctx: ReadContext): Promise<string | null> {
  for (const p of [join(suiteDir, name), join(suiteDir, "zz_generated.crd-manifests", basename(name))])
    if ((await readCrdFile(p, ctx)) !== null) return p;
  return null;
}
