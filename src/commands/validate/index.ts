/**
 * `crdlint validate`: custom resources in, the apiserver's verdict on each out. CRDs come from `--crd` inputs and
 * from the manifests themselves; inputs are read document by document (memory stays flat as resources grow);
 * each CRD is linted (lazily, when a resource first needs it) and each version's validator is compiled once.
 */
import { dirname } from "node:path";
import type { Diagnostic, HiddenBy, LintResult, Severity } from "../../diagnostics/index.js";
import { buildDiagnostic, prepareDiagnostics, summarize } from "../../diagnostics/index.js";
import { DEFAULT_MAX_FILE_SIZE_BYTES, expandInputs, NoInputError, openInput, type StdinReader } from "../../load/files.js";
import { readDocumentChunks } from "../../load/stream.js";
import { loadText, type LoadedDocument } from "../../load/document.js";
import { goTemplateAction } from "../../load/template.js";
import { objectsOf } from "../../load/objects.js";
import { inputLayout, isKustomizationFile, type LayoutCache } from "../../load/layout.js";
import { createFastLoader, type FastLoader } from "../../load/fast-load.js";
import { isCrd, isObject } from "../../crd/model.js";
import { defaultDeprecationWarning, formatKubernetesVersion } from "../../k8s/version.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, enabledByDefault } from "../../k8s/feature-gates.js";
import { isBuiltinGroup, splitApiVersion } from "../../k8s/builtin.js";
import { SchemaValidatorCache } from "../../values/value.js";
import { createResourceValidator, resourceVersionOf, type CelStage, type FieldValidation, type ResourceFinding, type ResourceValidator, type ResourceVersion } from "../../values/resource.js";
import { allRules } from "../../rules/index.js";
import { apiserverLine } from "../../report/types.js";
import { makeLinter, UsageError, type LintOptions } from "../../engine/files.js";
import { DEFAULT_PRESET, inPreset } from "../../rules/define-rule.js";
import { inputProblemDiagnostic } from "../../engine/lint-file.js";
import { goTemplateMessage, type Linter } from "../../engine/lint.js";
import { loadCelStages, type CelStages } from "../../engine/validate-cel.js";

export interface ValidateOptions extends LintOptions {
  /** CRD files, directories, globs or `-` (stdin). */
  crds?: readonly string[];
  /** A file with the objects as they are stored: the manifests are then validated as updates of them. */
  old?: string;
  /** The field validation directive (kubectl's --validate): strict (default), warn or ignore. */
  fieldValidation?: FieldValidation;
  /** Skip resources whose kind no CRD defines instead of reporting kubectl's "no matches for kind". */
  ignoreMissingSchemas?: boolean;
  /** Receives every object as the apiserver would store it (pruned, defaulted), in input order. */
  onDefaulted?: (object: unknown) => void;
}

interface CrdVersion {
  name: string;
  served: boolean;
  deprecated: boolean;
  deprecationWarning: string | null;
  raw: Record<string, unknown>;
}

interface CrdEntry {
  file: string;
  document: number;
  line: number;
  column: number;
  text: string;
  lineOffset: number;
  name: string | null;
  group: string;
  kind: string;
  namespaced: boolean;
  versions: Map<string, CrdVersion>;
  /** Lint verdict, computed on first use: null = clean of apiserver errors. */
  verdict?: { errors: Diagnostic[] } | null;
  validators: Map<string, ResourceValidator>;
}

interface Located {
  doc: LoadedDocument;
  lineOffset: number;
  index: number;
}

const ruleSeverity = new Map(allRules.map((r) => [r.id, r.severity] as const));
const ruleById = new Map(allRules.map((r) => [r.id, r] as const));
const ruleApiserver = new Map(allRules.map((r) => [r.id, r.apiserver] as const));

type OpenedInput = Awaited<ReturnType<typeof openInput>>;
/** An input that can be read: its text (standard input, a pipe), or a regular file to stream. */
type ReadableInput = Exclude<OpenedInput, { problem: string }>;

/**
 * Opens each input once per run, checking its size (--max-file-size) and NUL bytes: the CRD pass and the resource
 * pass both read an input, and standard input or a pipe gives its text only once.
 */
function inputOpener(cwd: string, maxFileSizeBytes: number, stdin: StdinReader | undefined): (file: string) => Promise<OpenedInput> {
  const opened = new Map<string, Promise<OpenedInput>>();
  // The library reads no standard input for validate unless given a reader (the CLI's, a test's).
  const reader: StdinReader = stdin ?? (async () => "");
  return (file) => {
    let input = opened.get(file);
    // An empty standard input given by a reader is a failed pipe (NoInputError); no reader at all is no input.
    if (!input)
      opened.set(
        file,
        (input = openInput(file, { cwd, maxFileSizeBytes, stdin: reader, allowEmptyStdin: stdin === undefined }).catch((e: unknown) => {
          throw e instanceof NoInputError ? new UsageError(e.message) : e;
        })),
      );
    return input;
  };
}

/** The apiserver's deprecation warning for a version (customresource_handler.go: getDeprecationWarning). */
function deprecationWarning(crd: CrdEntry, v: CrdVersion): string {
  if (v.deprecationWarning !== null) return v.deprecationWarning;
  return defaultDeprecationWarning(crd.group, crd.kind, v.name, crd.versions.values());
}

function crdEntry(raw: Record<string, unknown>, file: string, located: Located, text: string): CrdEntry | null {
  const spec = isObject(raw.spec) ? raw.spec : {};
  const names = isObject(spec.names) ? spec.names : {};
  const group = typeof spec.group === "string" ? spec.group : "";
  const kind = typeof names.kind === "string" ? names.kind : "";
  if (group === "" || kind === "") return null;
  const versions = new Map<string, CrdVersion>();
  if (Array.isArray(spec.versions))
    for (const v of spec.versions) {
      if (!isObject(v) || typeof v.name !== "string") continue;
      versions.set(v.name, {
        name: v.name,
        served: v.served === true,
        deprecated: v.deprecated === true,
        deprecationWarning: typeof v.deprecationWarning === "string" ? v.deprecationWarning : null,
        raw: v,
      });
    }
  const metadata = isObject(raw.metadata) ? raw.metadata : {};
  const r = located.doc.locate([]);
  return {
    file,
    document: located.index,
    line: r.start.line + located.lineOffset,
    column: r.start.column,
    text,
    lineOffset: located.lineOffset,
    name: typeof metadata.name === "string" ? metadata.name : null,
    group,
    kind,
    namespaced: spec.scope !== "Cluster",
    versions,
    validators: new Map(),
  };
}

function resourceVersion(crd: CrdEntry, v: CrdVersion): ResourceVersion | null {
  return resourceVersionOf(crd.group, crd.kind, crd.namespaced, v.name, v.raw);
}

type ChunkDocument = {
  located: Located | null;
  text: string;
  problems: ReturnType<typeof loadText>["problems"];
  lineOffset: number;
  chunk: number;
  /** The chunk is a Go/Helm template: where its first action is in the file (src/load/template.ts). */
  template?: { line: number; column: number };
};

/** Documents of one input, one at a time, with their place in the file; `fast` reads the plain ones. */
async function* documentsOf(input: ReadableInput, cwd: string, only?: (chunk: string) => boolean, fast?: FastLoader, layouts?: LayoutCache): AsyncGenerator<ChunkDocument> {
  let index = 0;
  let chunkNo = 0;
  // Helm renders every file of a chart's templates/: any `{{` there is an action.
  const chartTemplate = inputLayout(input.file, cwd, layouts).chart?.part === "templates";
  for await (const chunk of readDocumentChunks(input.file, { cwd, text: "text" in input ? input.text : undefined })) {
    const chunkIndex = chunkNo++;
    if (only && !only(chunk.text)) {
      index++;
      continue;
    }
    const lineOffset = chunk.line - 1;
    // The fast loader reads what it can (the same documents and ranges as the full loader: test/fast-load.test.mjs),
    // CRDs included; the full loader reads the rest and reports their problems.
    const loaded = (fast ? fast.load(chunk.text) : null) ?? loadText(chunk.text);
    const template = goTemplateAction(chunk.text, loaded.problems, { chartTemplate, values: loaded.documents.map((d) => d.value) });
    if (template) {
      yield { located: null, text: chunk.text, problems: [], lineOffset, chunk: chunkIndex, template: { line: template.line + lineOffset, column: template.column } };
      index += Math.max(1, loaded.documents.length);
      continue;
    }
    if (loaded.documents.length === 0 && loaded.problems.length === 0) continue;
    if (loaded.documents.length === 0) yield { located: null, text: chunk.text, problems: loaded.problems, lineOffset, chunk: chunkIndex };
    for (const doc of loaded.documents) yield { located: { doc, lineOffset, index: index + doc.index }, text: chunk.text, problems: loaded.problems, lineOffset, chunk: chunkIndex };
    index += Math.max(1, loaded.documents.length);
  }
}

const mentionsCrd = (text: string): boolean => text.includes("CustomResourceDefinition");

export async function validateFiles(paths: readonly string[], options: ValidateOptions): Promise<LintResult> {
  const cwd = options.cwd ?? process.cwd();
  const open = inputOpener(cwd, options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES, options.stdin);
  const linter = await makeLinter(allRules, options);
  const minor = linter.minor;
  const expand = async (list: readonly string[]) => {
    const e = await expandInputs(list, { cwd, ignore: options.ignore, ignoreBase: options.ignoreBase, stdinFilename: options.stdinFilename });
    if (e.errors.length) throw new UsageError(e.errors.join("\n"));
    return e.files;
  };
  const crdFiles = options.crds && options.crds.length ? await expand(options.crds) : [];
  const files = await expand(paths.length ? paths : ["-"]);
  const diagnostics: Diagnostic[] = [];
  const counts = { files: 0, documents: 0, crds: 0, resources: 0, skipped: 0 };
  const registry = new Map<string, CrdEntry>();
  /** Files found to be Go/Helm templates, with their first action: skipped whole, with one info. */
  const templates = new Map<string, { line: number; column: number }>();
  const templateDiagnostic = (file: string, at: { line: number; column: number }): Diagnostic => ({
    ...linter.fileDiagnostic(file, "yaml-go-template", goTemplateMessage(file)),
    line: at.line,
    column: at.column,
    endLine: at.line,
    endColumn: at.column + 2,
  });
  const crdChunks = new Set<string>();
  const seenCrdDocs = new Set<string>();
  const fieldValidation = options.fieldValidation ?? "strict";
  const preset = options.preset ?? DEFAULT_PRESET;
  const configured = (rule: string, fallback: Severity): Severity | "off" => {
    const own = options.rules?.[rule];
    if (own) return own;
    const meta = ruleById.get(rule);
    return meta && !inPreset(meta, preset) ? "off" : fallback;
  };
  const cel: CelStages | null = await loadCelStages(minor);
  // One per run: resources of every CRD share the compiled schema validators and patterns.
  const schemaValidators = new SchemaValidatorCache();

  const fast = createFastLoader();
  /** The run's memory of the directories looked at for each input's place in the repository. */
  const layouts: LayoutCache = new Map();
  /** Collects the CRDs of an input; `report`: an input that cannot be read is reported here (a --crd input only). */
  const register = async (file: string, only?: (t: string) => boolean, report = false) => {
    const input = await open(file);
    if ("problem" in input) {
      if (report) push(inputProblemDiagnostic(linter, input));
      return;
    }
    for await (const d of documentsOf(input, cwd, only, fast, layouts)) {
      if (d.template) {
        // A template defines no CRD until rendered: forget what earlier chunks of it registered.
        templates.set(file, d.template);
        for (const [key, entry] of registry) if (entry.file === file) registry.delete(key);
        for (const key of seenCrdDocs) if (key.startsWith(`${file}\0`)) seenCrdDocs.delete(key);
        if (report) push(templateDiagnostic(file, d.template));
        return;
      }
      if (!d.located) continue;
      // List items included (`kubectl get crd -o yaml`), read as lint reads them.
      for (const o of objectsOf([d.located.doc]).objects) {
        if (!isCrd(o.value)) continue;
        crdChunks.add(`${file}\0${d.chunk}`);
        const key = `${file}\0${d.located.index}\0${o.prefix.join(".")}`;
        if (seenCrdDocs.has(key)) continue;
        seenCrdDocs.add(key);
        const entry = crdEntry(o.value, file, { ...d.located, doc: o.document }, d.text);
        // A later definition of the same group and kind replaces the earlier one, as applying them in order would.
        if (entry) registry.set(`${entry.group}\0${entry.kind}`, entry);
      }
    }
  };
  const push = (d: Diagnostic) => {
    const sev = configured(d.rule, d.severity);
    if (sev === "off") return;
    if (sev !== d.severity) d = { ...d, severity: sev, apiserver: d.apiserver && sev === "error" };
    diagnostics.push(d);
  };

  // A --crd input that is also a manifest input is reported once, with the manifests.
  for (const f of crdFiles) await register(f, undefined, !files.includes(f));
  for (const f of files) await register(f, mentionsCrd);

  const oldObjects = options.old ? await loadOld(options.old, cwd, open) : null;

  const verdictOf = (crd: CrdEntry): { errors: Diagnostic[] } | null => {
    if (crd.verdict !== undefined) return crd.verdict;
    const r = linter.lintText(crd.text, crd.file);
    // The chunk may be a list of CRDs: the verdict is this one's.
    const errors = r.diagnostics.filter((d) => d.apiserver && d.severity === "error" && (crd.name === null || d.object === crd.name)).map((d) => ({ ...d, line: d.line + crd.lineOffset, endLine: d.endLine + crd.lineOffset }));
    crd.verdict = errors.length ? { errors } : null;
    if (crd.verdict) {
      const first = errors[0]!;
      push(buildDiagnostic({
        file: crd.file,
        document: crd.document,
        object: crd.name,
        range: { start: { line: crd.line, column: crd.column }, end: { line: crd.line, column: crd.column } },
        rule: "resource-crd-invalid",
        category: "resource",
        severity: "error",
        apiserver: false,
        field: null,
        type: null,
        message: `the apiserver would reject CustomResourceDefinition ${crd.name ?? crd.kind} (${errors.length} error${errors.length === 1 ? "" : "s"}), so resources of kind ${crd.kind} are not validated against it; run crdlint lint on ${crd.file}`,
        detail: `first: ${crd.file}:${first.line}:${first.column} ${apiserverLine(first)}`,
      }));
    }
    return crd.verdict;
  };

  const validatorOf = (crd: CrdEntry, v: CrdVersion): ResourceValidator | null => {
    const cached = crd.validators.get(v.name);
    if (cached) return cached;
    const rv = resourceVersion(crd, v);
    if (!rv) return null;
    // Before 1.25 the apiserver drops x-kubernetes-validations on create (its gate is off by default): no rule runs.
    const celStage: CelStage | null = cel && enabledByDefault(CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, minor) ? cel.stageFor(rv.schema, { ratcheting: minor >= 30 }) : null;
    const validator = createResourceValidator(rv, { minor, fieldValidation, cel: celStage, schemaValidators, behind: options.apiserverGates !== true });
    crd.validators.set(v.name, validator);
    return validator;
  };

  for (const file of files) {
    counts.files++;
    const known = templates.get(file);
    if (known) {
      push(templateDiagnostic(file, known));
      continue;
    }
    if (isKustomizationFile(file)) {
      const shownDir = dirname(file) === "." ? "." : dirname(file);
      push(linter.fileDiagnostic(file, "kustomization-file", `file is a kustomization (kustomize's configuration of ${shownDir}), not an object: not validated; validate what kustomize builds, e.g. \`kustomize build ${shownDir} | crdlint validate --crd <CRDs> -\``));
      continue;
    }
    const input = await open(file);
    if ("problem" in input) {
      push(inputProblemDiagnostic(linter, input));
      continue;
    }
    // A template found part way through the file: what its earlier chunks reported is dropped with it.
    const before = { diagnostics: diagnostics.length, ...counts };
    for await (const d of documentsOf(input, cwd, undefined, fast, layouts)) {
      if (d.template) {
        diagnostics.length = before.diagnostics;
        Object.assign(counts, { documents: before.documents, crds: before.crds, resources: before.resources, skipped: before.skipped });
        push(templateDiagnostic(file, d.template));
        break;
      }
      for (const p of d.problems) {
        if (p.document !== 0 && d.located && p.document !== d.located.doc.index) continue;
        push(buildDiagnostic({
          file,
          document: d.located?.index ?? 0,
          object: null,
          range: { start: { line: p.range.start.line + d.lineOffset, column: p.range.start.column }, end: { line: p.range.end.line + d.lineOffset, column: p.range.end.column } },
          rule: p.rule,
          category: "yaml",
          severity: ruleSeverity.get(p.rule) ?? "error",
          apiserver: false,
          field: null,
          type: null,
          message: p.message,
        }));
      }
      if (!d.located) {
        counts.documents++;
        continue;
      }
      const { doc } = d.located;
      const value = doc.value;
      if (value === null || value === undefined) continue;
      counts.documents++;
      // The objects of the document, list items included, as lint and kubectl read them (src/load/objects.ts).
      const { objects, others } = objectsOf([doc]);
      for (const o of others) validateDocument(o.value, o.prefix, d.located, file);
      for (const o of objects) {
        // Counted with the --crd ones, once each, at the end.
        if (crdChunks.has(`${file}\0${d.chunk}`) && isCrd(o.value)) continue;
        validateDocument(o.value, o.prefix, d.located, file);
      }
    }
  }

  function validateDocument(value: unknown, prefix: (string | number)[], located: Located, file: string): void {
    const at = (path: (string | number)[]) => {
      const r = located.doc.locate([...prefix, ...path]);
      return { line: r.start.line + located.lineOffset, column: r.start.column, endLine: r.end.line + located.lineOffset, endColumn: r.end.column };
    };
    const obj = isObject(value) ? value : null;
    const name = obj && isObject(obj.metadata) && typeof obj.metadata.name === "string" ? obj.metadata.name : null;
    const base = (rule: string, severity: Severity, path: (string | number)[]): Diagnostic => {
      const a = at(path);
      return buildDiagnostic({
        file,
        document: located.index,
        object: name,
        range: { start: { line: a.line, column: a.column }, end: { line: a.endLine, column: a.endColumn } },
        rule,
        category: "resource",
        severity,
        apiserver: severity === "error",
        field: null,
        type: null,
        message: "",
      });
    };
    const apiVersion = obj && typeof obj.apiVersion === "string" ? obj.apiVersion : "";
    const kind = obj && typeof obj.kind === "string" ? obj.kind : "";
    if (!obj || apiVersion === "" || kind === "") {
      const missing = [apiVersion === "" ? "apiVersion not set" : null, kind === "" ? "kind not set" : null].filter(Boolean);
      push({ ...base("resource-type-meta-missing", "error", []), apiserver: false, message: `error validating data: ${missing.length === 1 ? missing[0] : "[" + missing.join(", ") + "]"}` });
      return;
    }
    const { group, version } = splitApiVersion(apiVersion);
    const crd = registry.get(`${group}\0${kind}`);
    const namespace = isObject(obj.metadata) && typeof obj.metadata.namespace === "string" ? obj.metadata.namespace : "";
    // kubectl names stdin "STDIN" in this message (resource.FileVisitor's source for `-f -`).
    const noMatch = `resource mapping not found for name: ${JSON.stringify(name ?? "")} namespace: ${JSON.stringify(namespace)} from ${JSON.stringify(file === "-" ? "STDIN" : file)}: no matches for kind ${JSON.stringify(kind)} in version ${JSON.stringify(apiVersion)}`;
    if (!crd) {
      if (isBuiltinGroup(group) || options.ignoreMissingSchemas) {
        counts.skipped++;
        return;
      }
      push({ ...base("resource-kind-not-found", "error", ["kind"]), field: "kind", type: "Not found", message: noMatch, detail: "ensure CRDs are installed first" });
      return;
    }
    const v = crd.versions.get(version);
    if (!v || !v.served) {
      const served = [...crd.versions.values()].filter((x) => x.served).map((x) => x.name);
      push({
        ...base("resource-version-not-served", "error", ["apiVersion"]),
        field: "apiVersion",
        type: "Not found",
        message: noMatch,
        detail: `ensure CRDs are installed first (${crd.name ?? crd.kind} ${v ? `has version ${version} with served: false` : `has no version ${version}`}; served: ${served.join(", ") || "none"})`,
      });
      return;
    }
    if (verdictOf(crd)) {
      counts.skipped++;
      return;
    }
    const validator = validatorOf(crd, v);
    if (!validator) {
      counts.skipped++;
      return;
    }
    counts.resources++;
    if (v.deprecated) push({ ...base("resource-version-deprecated", "warning", ["apiVersion"]), apiserver: false, field: "apiVersion", message: deprecationWarning(crd, v) });
    const old = oldObjects?.find(group, kind, namespace, name, crd.namespaced);
    const result = validator.validate(obj, old);
    for (const f of result.findings) {
      const hider = f.hiddenBy ? base(f.hiddenBy.rule, f.hiddenBy.severity, f.hiddenBy.docPath) : null;
      push(toDiagnostic(f, base(f.rule, f.severity, f.docPath), hider && { rule: hider.rule, file, line: hider.line, column: hider.column, field: f.hiddenBy!.field }));
    }
    if (options.onDefaulted && result.object !== null) options.onDefaulted(result.object);
  }

  // Every CRD read, from --crd and from the manifests (the summary said "0 CRDs" after --crd loaded 18).
  counts.crds = seenCrdDocs.size;
  const prepared = prepareDiagnostics(diagnostics);
  return { diagnostics: prepared, summary: summarize(prepared, counts), kubernetesVersion: formatKubernetesVersion({ major: 1, minor }) };
}

function toDiagnostic(f: ResourceFinding, base: Diagnostic, hiddenBy: HiddenBy | null): Diagnostic {
  return buildDiagnostic({
    ...base,
    range: { start: { line: base.line, column: base.column }, end: { line: base.endLine, column: base.endColumn } },
    // Behind another error the apiserver does not report it now: not part of its answer (`hiddenBy` says why).
    apiserver: f.severity === "error" && ruleApiserver.get(f.rule) === true && hiddenBy === null,
    ...(hiddenBy ? { hiddenBy } : {}),
    field: f.field,
    // An error without a field: the apiserver's field.Error prints its path as <nil>.
    apiserverField: f.field === null ? "<nil>" : undefined,
    type: f.type,
    message: f.message,
    value: f.value,
    detail: f.detail,
  });
}

interface OldObjects {
  find(group: string, kind: string, namespace: string, name: string | null, namespaced: boolean): Record<string, unknown> | undefined;
}

/** The stored objects of an update (`--old`), by group, kind, namespace and name. */
async function loadOld(file: string, cwd: string, open: (file: string) => Promise<OpenedInput>): Promise<OldObjects> {
  const byKey = new Map<string, Record<string, unknown>>();
  const key = (group: string, kind: string, namespace: string, name: string) => `${group}\0${kind}\0${namespace}\0${name}`;
  let readable = false;
  const cannotRead = (e: unknown) => new UsageError(`cannot read --old ${file}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`);
  let input: OpenedInput;
  try {
    input = await open(file);
  } catch (e) {
    throw cannotRead(e);
  }
  if ("problem" in input) throw cannotRead(new Error(input.message));
  try {
    for await (const d of documentsOf(input, cwd)) {
      readable = true;
      const v = d.located?.doc.value;
      if (!isObject(v) || typeof v.apiVersion !== "string" || typeof v.kind !== "string" || !isObject(v.metadata)) continue;
      const name = typeof v.metadata.name === "string" ? v.metadata.name : "";
      const ns = typeof v.metadata.namespace === "string" ? v.metadata.namespace : "";
      byKey.set(key(splitApiVersion(v.apiVersion).group, v.kind, ns, name), v);
    }
  } catch (e) {
    throw cannotRead(e);
  }
  void readable;
  return {
    find(group, kind, namespace, name, namespaced) {
      if (name === null) return undefined;
      const nss = namespaced ? (namespace === "" || namespace === "default" ? ["", "default"] : [namespace]) : [namespace, ""];
      for (const ns of nss) {
        const v = byKey.get(key(group, kind, ns, name));
        if (v) return v;
      }
      return undefined;
    },
  };
}

export type { Linter };
