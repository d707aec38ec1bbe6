/**
 * crdlint's own suite format (docs/testing.md, schemas/crdlint-test-suite.schema.json): a CRD by file or name, and
 * cases written as YAML mappings — the object, the old object for an update, the object expected back, the errors
 * expected (a substring of the whole text, or per field) and the warnings.
 */
import { dirname, relative, resolve } from "node:path";
import { readFile } from "node:fs/promises";
import type { LoadedDocument } from "../../load/document.js";
import { loadText } from "../../load/document.js";
import { isPlainObject } from "../../k8s/go.js";
import { isCrd, type JsonObject } from "../../crd/model.js";
import type { FieldValidation } from "../../values/resource.js";
import {
  TODO,
  type CaseObject,
  type ExpectedError,
  type SuiteCase,
  type SuiteReadProblem,
  type SuiteRun,
  type TodoPlace,
} from "./suite.js";

/** Whether a parsed document is a native suite: `crd` and a list of `tests`. */
export function isNativeSuite(value: unknown): boolean {
  return isPlainObject(value) && typeof value.crd === "string" && Array.isArray(value.tests);
}

/** The CRDs of the --crd inputs by metadata.name, for suites that name their CRD. */
export type NamedCrds = Map<string, { file: string; crd: JsonObject }>;

const MODES: Record<string, FieldValidation> = { Strict: "strict", Warn: "warn", Ignore: "ignore" };

/** A name the apiserver accepts (a DNS-1123 subdomain) made from a case name, so that messages are stable. */
function slug(name: string): string {
  const s = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63)
    .replace(/-+$/, "");
  return s === "" ? "test" : s;
}

export async function readNativeSuite(
  file: string,
  doc: LoadedDocument,
  cwd: string,
  named: NamedCrds,
): Promise<{ runs: SuiteRun[] } | { problem: SuiteReadProblem }> {
  const spec = doc.value as Record<string, unknown>;
  const problem = (message: string, path: (string | number)[] = []) => {
    const p = doc.locate(path).start;
    return { problem: { file, line: p.line, column: p.column, message } };
  };
  const ref = spec.crd as string;
  let crdFile: string;
  let crd: JsonObject;
  const byName = named.get(ref);
  if (byName) ({ file: crdFile, crd } = byName);
  else {
    const path = resolve(dirname(resolve(cwd, file)), ref);
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch {
      return problem(
        `crd: ${JSON.stringify(ref)} is neither a file (relative to the suite) nor the name of a CRD among the --crd inputs`,
        ["crd"],
      );
    }
    const found = loadText(text)
      .documents.map((d) => d.value)
      .find(isCrd);
    if (!found) return problem(`crd: ${JSON.stringify(ref)} holds no CustomResourceDefinition`, ["crd"]);
    crdFile = relative(cwd, path);
    crd = found;
  }
  const crdSpec = isPlainObject(crd.spec) ? crd.spec : {};
  const versions = Array.isArray(crdSpec.versions) ? crdSpec.versions.filter(isPlainObject) : [];
  const version =
    typeof spec.version === "string"
      ? spec.version
      : String((versions.find((v) => v.storage === true) ?? versions[0])?.name ?? "");
  if (!versions.some((v) => v.name === version))
    return problem(`version: the CRD has no version ${JSON.stringify(version)}`, ["version"]);
  const mode = spec.fieldValidation === undefined ? "Warn" : spec.fieldValidation;
  if (typeof mode !== "string" || !(mode in MODES))
    return problem("fieldValidation: expected Strict, Warn or Ignore", ["fieldValidation"]);
  const names = isPlainObject(crdSpec.names) ? crdSpec.names : {};
  const typeMeta = { apiVersion: `${String(crdSpec.group ?? "")}/${version}`, kind: String(names.kind ?? "") };
  const cases: SuiteCase[] = [];
  const tests = spec.tests as unknown[];
  for (let i = 0; i < tests.length; i++) {
    const t = tests[i];
    const base = ["tests", i];
    if (!isPlainObject(t)) return problem("a test case must be a mapping", base);
    const name = typeof t.name === "string" ? t.name : `case ${i + 1}`;
    const object = (key: string): CaseObject | undefined => {
      const v = t[key];
      if (v === undefined) return undefined;
      if (!isPlainObject(v)) return { problem: `${key} must be a mapping (the object)` };
      const meta = isPlainObject(v.metadata) ? { ...v.metadata } : {};
      if (meta.name === undefined && meta.generateName === undefined) meta.name = slug(name);
      return { value: { ...typeMeta, ...v, metadata: meta } };
    };
    const operation = t.operation === undefined ? (t.oldObject === undefined ? "create" : "update") : t.operation;
    if (operation !== "create" && operation !== "update" && operation !== "status")
      return problem("operation: expected create, update or status", [...base, "operation"]);
    const pos = doc.locate(base).start;
    const todos: TodoPlace[] = [];
    const main = object("object");
    if (!main) return problem("a test case needs an object", base);
    const c: SuiteCase = { name, line: pos.line, column: pos.column, operation, initial: main, todos };
    if (operation !== "create") {
      const old = object("oldObject");
      if (!old) return problem(`an ${operation} case needs an oldObject (created first)`, base);
      c.initial = old;
      c.updated = main;
    }
    if (t.expected === TODO) todos.push({ key: "expected", path: [...base, "expected"] });
    else if (t.expected !== undefined) {
      const e = isPlainObject(t.expected)
        ? { value: t.expected }
        : { problem: "expected must be a mapping (the object)" };
      c.expected = e;
    }
    const errors: ExpectedError[] = [];
    if (t.expectedError === TODO) todos.push({ key: "expectedError", path: [...base, "expectedError"] });
    else if (typeof t.expectedError === "string") errors.push({ contains: t.expectedError });
    if (Array.isArray(t.expectedErrors))
      for (const e of t.expectedErrors) {
        if (!isPlainObject(e) || typeof e.field !== "string")
          return problem("expectedErrors: each entry needs a field (and optionally type and message)", [
            ...base,
            "expectedErrors",
          ]);
        errors.push({
          field: e.field,
          ...(typeof e.type === "string" ? { type: e.type } : {}),
          ...(typeof e.message === "string" ? { message: e.message } : {}),
        });
      }
    if (errors.length > 0) c.expectedError = errors;
    if (Array.isArray(t.expectedWarnings)) c.expectedWarnings = t.expectedWarnings.map(String);
    cases.push(c);
  }
  return {
    runs: [
      {
        file,
        suite: typeof spec.name === "string" ? spec.name : file,
        crdFile,
        crd,
        crdFromFile: crd,
        version,
        harness: "native",
        fieldValidation: MODES[mode]!,
        cases,
      },
    ],
  };
}
