/**
 * `crdlint diff --objects DIR`: example or exported custom resources replayed against NEW (C10, D10). Each object is
 * read as the apiserver reads a stored object through NEW's schema of its version (pruning, null pruning,
 * defaulting: what vanishes or changes is reported), then validated as a create (a re-apply, a restore, a fresh
 * install) and as an unchanged update (ratcheted), with `crdlint validate`'s pipeline (src/values/resource.ts,
 * the CEL stage of validate-cel.ts).
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go (unstructuredSchemaCoercer.apply: pruning and defaulting on read)
// Upstream: kubernetes/apiextensions-apiserver:pkg/registry/customresource/strategy.go (Validate, ValidateUpdate)
import { expandInputs, readInput, DEFAULT_MAX_FILE_SIZE_BYTES } from "../../load/files.js";
import type { LoadedDocument } from "../../load/document.js";
import { objectsOf } from "../../load/objects.js";
import { isCrd, isObject } from "../../crd/model.js";
import { splitApiVersion } from "../../k8s/builtin.js";
import { deepEqual, isPlainObject } from "../../k8s/go.js";
import type { Diagnostic } from "../../diagnostics/index.js";
import {
  createResourceValidator,
  resourceVersionFor,
  type ResourceFinding,
  type ResourceValidator,
} from "../../values/resource.js";
import { CrdRegistry, type RegisteredCrd, type RegisteredVersion } from "../../crd/registry.js";
import { SchemaValidatorCache } from "../../values/value.js";
import type { Effect } from "../../rules/define-rule.js";
import type { Linter } from "../../engine/lint.js";
import { UsageError } from "../../engine/files.js";
import { loadCelStages } from "../../engine/validate-cel.js";
import { releaseHas } from "../../k8s/releases.js";
import type { DiffCode } from "./codes.js";

export const OBJECT_READ_CHANGED = "revision-object-read-changed" satisfies DiffCode;
export const OBJECT_INVALID = "revision-object-invalid" satisfies DiffCode;

export interface ReplayOptions {
  cwd?: string;
  maxFileSizeBytes?: number;
  ignore?: readonly string[];
  ignoreBase?: string;
}

export interface ReplayResult {
  diagnostics: Diagnostic[];
  /** Objects replayed, and objects of kinds NEW does not define (skipped). */
  resources: number;
  skipped: number;
  files: string[];
}

/** NEW's CRDs by group and kind (a top-level schema is hoisted into each version, as v1 CRDs always carry it per version). */
function newCrdsOf(raws: readonly Record<string, unknown>[]): CrdRegistry<null> {
  const registry = new CrdRegistry<null>();
  for (const raw of raws) registry.add(raw, null);
  return registry;
}

interface ReadChange {
  docPath: (string | number)[];
  field: string;
  kind: "pruned" | "nullDropped" | "defaulted";
  value?: unknown;
}

/** What reading the object through NEW's schema removes or changes (metadata, apiVersion and kind are the apiserver's own). */
function readChanges(before: unknown, after: unknown, path: (string | number)[], out: ReadChange[]): void {
  const field = (p: (string | number)[]) =>
    p.map((s, i) => (typeof s === "number" ? `[${s}]` : i === 0 ? s : `.${s}`)).join("");
  if (isPlainObject(before) && isPlainObject(after)) {
    for (const k of Object.keys(before)) {
      if (path.length === 0 && (k === "metadata" || k === "apiVersion" || k === "kind")) continue;
      if (k === "metadata") continue; // embedded resources' metadata is normalized, not pruned by the schema
      const p = [...path, k];
      if (!Object.hasOwn(after, k))
        out.push({ docPath: p, field: field(p), kind: before[k] === null ? "nullDropped" : "pruned" });
      else readChanges(before[k], after[k], p, out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.min(before.length, after.length); i++) readChanges(before[i], after[i], [...path, i], out);
    return;
  }
  if (before === null && after !== null && after !== undefined)
    out.push({ docPath: path, field: field(path), kind: "defaulted", value: after });
  else if (!deepEqual(before, after) && !(typeof before === "number" && typeof after === "number"))
    out.push({ docPath: path, field: field(path), kind: "defaulted", value: after });
}

const findingKey = (f: ResourceFinding) => `${f.rule}\0${f.field}\0${f.message}\0${f.value ?? ""}`;

function findingText(f: ResourceFinding): string {
  return `${f.field ?? "<nil>"}: ${f.type ?? "Invalid value"}: ${f.value !== undefined ? `${f.value}: ` : ""}${f.message}`;
}

/** Replays the objects under `paths` against NEW's CRDs (`newCrds`: the raw CRD objects of NEW). */
export async function replayObjects(
  linter: Linter,
  newCrds: readonly Record<string, unknown>[],
  paths: readonly string[],
  options: ReplayOptions,
): Promise<ReplayResult> {
  const cwd = options.cwd ?? process.cwd();
  const expanded = await expandInputs(paths, { cwd, ignore: options.ignore, ignoreBase: options.ignoreBase });
  if (expanded.errors.length) throw new UsageError(expanded.errors.map((e) => `--objects: ${e}`).join("\n"));
  const crds = newCrdsOf(newCrds);
  const minor = linter.minor;
  const schemaValidators = new SchemaValidatorCache();
  let cel: Awaited<ReturnType<typeof loadCelStages>> | null = null;
  const diagnostics: Diagnostic[] = [];
  let resources = 0;
  let skipped = 0;

  const validators = new Map<RegisteredVersion, ResourceValidator | null>();
  const validatorOf = async (crd: RegisteredCrd<null>, v: RegisteredVersion): Promise<ResourceValidator | null> => {
    const known = validators.get(v);
    if (known !== undefined) return known;
    const rv = resourceVersionFor(crd, v);
    if (!rv) {
      validators.set(v, null);
      return null;
    }
    cel ??= await loadCelStages(minor);
    const stage = cel.stageFor(rv.schema, { ratcheting: releaseHas(minor, "ratcheting") });
    // Unknown fields are reported as read changes (pruned on read); the validation judges what is kept.
    const validator = createResourceValidator(rv, { minor, fieldValidation: "ignore", cel: stage, schemaValidators });
    validators.set(v, validator);
    return validator;
  };

  const emit = (
    file: string,
    document: LoadedDocument,
    docPath: (string | number)[],
    object: string,
    rule: DiffCode,
    effect: Effect,
    ratcheted: boolean,
    message: string,
    field: string | null,
    version: string,
  ) => {
    const d = linter.severities.event(
      rule,
      { file, document: document.index, object, range: document.locate(docPath) },
      { field, message, effect, ratcheted, version },
    );
    if (d) diagnostics.push(d);
  };

  for (const file of expanded.files) {
    const input = await readInput(file, {
      cwd,
      maxFileSizeBytes: options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES,
    }).catch((e: Error) => {
      throw new UsageError(`--objects: cannot read ${file}: ${e.message}`);
    });
    if ("problem" in input) throw new UsageError(`--objects: cannot read ${file}: ${input.message}`);
    const loaded = linter.load(input.text);
    const syntax = loaded.problems.find((p) => p.rule === "yaml-syntax");
    if (syntax)
      throw new UsageError(
        `--objects: cannot read ${file}:${syntax.range.start.line}:${syntax.range.start.column}: ${syntax.message}`,
      );
    // List items included (`kubectl get <kind> -A -o yaml`), read as lint reads them; `document` is the item's own.
    for (const { value, document } of objectsOf(loaded.documents).objects) {
      if (isCrd(value as unknown) || typeof value.apiVersion !== "string" || typeof value.kind !== "string") continue;
      const { group, version } = splitApiVersion(value.apiVersion);
      const crd = crds.get(group, value.kind);
      if (!crd) {
        skipped++;
        continue;
      }
      resources++;
      const meta = isObject(value.metadata) ? value.metadata : {};
      const name = typeof meta.name === "string" ? meta.name : "<unnamed>";
      const object = `${value.kind} ${typeof meta.namespace === "string" && meta.namespace ? `${meta.namespace}/` : ""}${name}`;
      const v = crd.versions.get(version);
      if (!v || !v.served) {
        emit(
          file,
          document,
          ["apiVersion"],
          object,
          OBJECT_INVALID,
          "objects-fail",
          false,
          `${object} is ${value.apiVersion}, which NEW ${v ? "no longer serves" : "no longer has"} (${crd.name ?? `${crd.kind}.${crd.group}`}): it cannot be read or written at that version`,
          "apiVersion",
          version,
        );
        continue;
      }
      const validator = await validatorOf(crd, v);
      if (!validator) continue;
      // Read through NEW, as a stored object is: what vanishes or changes.
      const changes: ReadChange[] = [];
      readChanges(value, validator.decodeStored(structuredClone(value)), [], changes);
      for (const c of changes) {
        const message =
          c.kind === "pruned"
            ? `${c.field} of ${object} (${version}) is not in NEW's schema: read through NEW it vanishes, and the next write loses it`
            : c.kind === "nullDropped"
              ? `${c.field} of ${object} (${version}) is null, which NEW's schema does not allow: it is dropped on read`
              : `${c.field} of ${object} (${version}) reads as ${JSON.stringify(c.value)} through NEW (defaulting)`;
        emit(
          file,
          document,
          c.docPath,
          object,
          OBJECT_READ_CHANGED,
          c.kind === "defaulted" ? "behaviour-changed" : "data-lost",
          false,
          message,
          c.field,
          version,
        );
      }
      // Validated as a create and as an unchanged update (ratcheting lets unchanged values keep most errors).
      const created = validator.validate(structuredClone(value)).findings.filter((f) => f.severity === "error");
      const updateFindings = validator
        .validate(structuredClone(value), structuredClone(value))
        .findings.filter((f) => f.severity === "error");
      const updated = new Set(updateFindings.map(findingKey));
      const createdKeys = new Set(created.map(findingKey));
      // Transition rules run on updates only: an unchanged update can fail where a create passes.
      for (const f of updateFindings) {
        if (createdKeys.has(findingKey(f))) continue;
        emit(
          file,
          document,
          f.docPath,
          object,
          OBJECT_INVALID,
          "objects-fail",
          false,
          `${object} (${version}) fails NEW's validation on an unchanged update (a create passes): ${findingText(f)}`,
          f.field,
          version,
        );
      }
      for (const f of created) {
        const both = updated.has(findingKey(f));
        const message = both
          ? `${object} (${version}) fails NEW's validation on create and on an unchanged update (not ratcheted): ${findingText(f)}`
          : `${object} (${version}) fails NEW's validation on create (re-apply, restore); an unchanged update passes (ratcheting): ${findingText(f)}`;
        emit(file, document, f.docPath, object, OBJECT_INVALID, "objects-fail", !both, message, f.field, version);
      }
    }
  }
  return { diagnostics, resources, skipped, files: expanded.files };
}
