/**
 * One custom resource through the apiserver's create (or update) pipeline, with one version of its CRD:
 * strict decoding (unknown metadata keys, pruned fields, unknown embedded metadata keys), null pruning, defaulting,
 * the create/update preparation (status), then the validation stages in the custom-resource strategy's order —
 * ObjectMeta, the kube-openapi schema, the scale subresource, embedded resources, list types, and CEL (through a
 * validator the caller supplies, so this layer does not depend on the CEL runtime).
 *
 * A validator is compiled once per CRD version (`createResourceValidator`) and then validates any number of objects;
 * the schema's compiled nodes live in value.ts's per-schema cache, so nothing is recompiled per resource.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go (unstructuredSchemaCoercer.apply, unstructuredDefaulter)
// Upstream: kubernetes/apiextensions-apiserver:pkg/registry/customresource/{strategy,validator}.go (PrepareForCreate/Update, Validate, hasBlockingErr, validateScaleSpec/Status)
// Upstream: kubernetes/apimachinery:pkg/api/validation/objectmeta.go (ValidateObjectMetaAccessor), pkg/apis/meta/v1/types.go (ObjectMeta json names)
import { FieldPath, type PathSegment } from "../k8s/path.js";
import { goQuote, isDNS1123Label } from "../k8s/validation.js";
import { generatedName, nameIsDNSSubdomain, qualifiedNameErrors } from "../k8s/objectmeta.js";
import type { ErrorType } from "../diagnostics/index.js";
import {
  compareBytes,
  deepCopy,
  deepEqual,
  goNumber,
  hasOwn,
  isGoInt,
  isPlainObject,
  renderFieldValue,
  type ValueError,
} from "../k8s/go.js";
import { pruneValue } from "./prune.js";
import { applyDefaults, pruneNulls } from "./default.js";
import {
  coerceEmbedded,
  decodeObjectMeta,
  pathSegmentNameErrors,
  validateEmbedded,
  validateObjectMetaAfterNames,
} from "./embedded.js";
import { SchemaValidatorCache, validateSchemaValue } from "./value.js";
import { validateListTypes } from "./listtype.js";
import { ratchetSchemaErrors } from "./ratchet.js";
import { recordKeptFailures, type CoverageSink, type DeferredFailures } from "./coverage.js";
import { releaseHas, ReleaseReads, type Release } from "../k8s/releases.js";
import type { RegisteredCrd, RegisteredVersion } from "../crd/registry.js";

type Schema = Record<string, unknown>;

export type FieldValidation = "strict" | "warn" | "ignore";

/** What the pipeline needs of one served version of a CRD. */
export interface ResourceVersion {
  group: string;
  kind: string;
  version: string;
  namespaced: boolean;
  /** The version's openAPIV3Schema. */
  schema: Schema;
  statusSubresource: boolean;
  scale: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath: string | null } | null;
}

/**
 * A CRD version as the pipeline needs it, from the version's raw (v1) map: its openAPIV3Schema, whether it has the
 * status subresource, and its scale paths. Null without a schema (nothing to validate against).
 */
export function resourceVersionOf(
  group: string,
  kind: string,
  namespaced: boolean,
  version: string,
  raw: Record<string, unknown>,
): ResourceVersion | null {
  const isMap = (v: unknown): v is Schema => isPlainObject(v);
  const schema = isMap(raw.schema) && isMap(raw.schema.openAPIV3Schema) ? raw.schema.openAPIV3Schema : null;
  if (!schema) return null;
  const sub = isMap(raw.subresources) ? raw.subresources : {};
  const scale = isMap(sub.scale) ? sub.scale : null;
  return {
    group,
    kind,
    version,
    namespaced,
    schema,
    statusSubresource: sub.status !== undefined && sub.status !== null,
    scale: scale
      ? {
          specReplicasPath: typeof scale.specReplicasPath === "string" ? scale.specReplicasPath : "",
          statusReplicasPath: typeof scale.statusReplicasPath === "string" ? scale.statusReplicasPath : "",
          labelSelectorPath: typeof scale.labelSelectorPath === "string" ? scale.labelSelectorPath : null,
        }
      : null,
  };
}

/**
 * The rule ids of a custom resource's findings: the value validator's and those of the CEL stage it is given. Each is a
 * registered engine rule (test/engine/codes.test.mjs).
 */
export const RESOURCE_FINDING_CODES = [
  "resource-unknown-field",
  "resource-decode-failed",
  "resource-metadata-invalid",
  "resource-schema-invalid",
  "resource-scale-invalid",
  "resource-embedded-invalid",
  "resource-list-type-duplicate",
  "resource-finalizer-name",
  "resource-cel-not-checked",
  "resource-cel-rule-failed",
  "resource-cel-cost-exceeded",
  "resource-cel-ratcheted",
] as const;
export type ResourceFindingCode = (typeof RESOURCE_FINDING_CODES)[number];
/** The ResourceVersion of a registered CRD's version (src/crd/registry.ts), or null when it has no schema. */
export function resourceVersionFor(crd: RegisteredCrd<unknown>, v: RegisteredVersion): ResourceVersion | null {
  return resourceVersionOf(crd.group, crd.kind, crd.namespaced, v.name, v.raw);
}

/** One finding, already in the apiserver's words; `docPath` locates it in the written document. */
export interface ResourceFinding {
  rule: ResourceFindingCode;
  severity: "error" | "warning";
  /** The path as the apiserver prints it; null for the apiserver's `<nil>`. */
  field: string | null;
  docPath: (string | number)[];
  type: ErrorType | null;
  /** The value as the apiserver prints it, when the error type carries one. */
  value?: string;
  message: string;
  detail?: string;
  /** The apiserver reports this only once that finding is fixed (it stops there): shown marked, not counted. */
  hiddenBy?: ResourceFinding;
}

/** The CEL stage, supplied by the caller (it owns the CEL runtime): findings already in the apiserver's words. */
export interface CelStage {
  /**
   * `coverage`: where each rule evaluated is reported; null: nowhere; absent: where the stage was built to report
   * (CelStages.stageFor's option), if anywhere.
   */
  validate(
    obj: unknown,
    old: unknown | undefined,
    options?: { coverage?: CoverageSink | null; release?: Release },
  ): ResourceFinding[];
  /**
   * What the stage's findings take from its release beyond what a validation asks of `release`: two stages whose keys
   * are equal item by item find the same for the same object (ReleaseResultShare). Absent: the stage is like no other.
   */
  readonly releaseKey?: readonly unknown[];
}

export interface ResourceValidatorOptions {
  minor: number;
  fieldValidation: FieldValidation;
  /** CRDValidationRatcheting: on by default from 1.30. */
  ratcheting?: boolean;
  cel?: CelStage | null;
  /** The run's compiled schema validators, shared by every resource version of the run; absent: one per validator. */
  schemaValidators?: SchemaValidatorCache;
  /**
   * Also run what the apiserver's gates stop (the rest of the pipeline behind a strict decoding error, the CEL rules
   * behind a blocking schema error), each finding with `hiddenBy`.
   */
  behind?: boolean;
  /**
   * Where each check of the schema, list-type and CEL stages is reported (`crdlint test --coverage`): what the
   * apiserver evaluates only (nothing behind a strict decoding error or a blocking error; failures ratcheting drops
   * record nothing). Absent: nothing is recorded.
   */
  coverage?: CoverageSink;
  /** A run over several releases: the results its releases' validators share (absent: each validates alone). */
  releases?: ReleaseResultShare;
}

export interface ResourceResult {
  findings: ResourceFinding[];
  /** The object as validated (pruned, defaulted, prepared); null when decoding stopped the request. */
  object: unknown | null;
}

export interface ResourceValidator {
  validate(obj: Record<string, unknown>, old?: Record<string, unknown>): ResourceResult;
  /**
   * An update through the status subresource (the custom-resource status strategy): OLD with the request's status,
   * the status validated against the status schema (ratcheted), scale status, list types, then CEL on the whole
   * object. Only for a version with the status subresource.
   */
  validateStatus(obj: Record<string, unknown>, old: Record<string, unknown>): ResourceResult;
  /** Decoding, pruning and defaulting only (what the apiserver does to an object read from storage). */
  decodeStored(obj: Record<string, unknown>): Record<string, unknown>;
}

const OBJECT_META_FIELDS = new Set([
  "name",
  "generateName",
  "namespace",
  "selfLink",
  "uid",
  "resourceVersion",
  "generation",
  "creationTimestamp",
  "deletionTimestamp",
  "deletionGracePeriodSeconds",
  "labels",
  "annotations",
  "ownerReferences",
  "finalizers",
  "managedFields",
]);
const OWNER_REFERENCE_FIELDS = new Set(["apiVersion", "kind", "name", "uid", "controller", "blockOwnerDeletion"]);
const MANAGED_FIELDS_FIELDS = new Set([
  "manager",
  "operation",
  "apiVersion",
  "time",
  "fieldsType",
  "fieldsV1",
  "subresource",
]);

/** Facts about a schema that decide which stages can be skipped for every resource of the version. */
interface SchemaFacts {
  embedded: boolean;
  listTypes: boolean;
}

function schemaFacts(schema: Schema): SchemaFacts {
  const facts: SchemaFacts = { embedded: false, listTypes: false };
  const stack: unknown[] = [schema];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const s = stack.pop();
    if (!isPlainObject(s) || seen.has(s)) continue;
    seen.add(s);
    if (s["x-kubernetes-embedded-resource"] === true) facts.embedded = true;
    if (s["x-kubernetes-list-type"] === "set" || s["x-kubernetes-list-type"] === "map") facts.listTypes = true;
    if (isPlainObject(s.properties)) for (const v of Object.values(s.properties)) stack.push(v);
    stack.push(s.additionalProperties, s.items);
    for (const j of ["allOf", "anyOf", "oneOf"]) if (Array.isArray(s[j])) stack.push(...(s[j] as unknown[]));
    stack.push(s.not);
  }
  return facts;
}

/** A TypeInvalid error (type or format): kube-openapi's only "must be of type" messages. It blocks CEL. */
const isTypeInvalid = (e: ValueError): boolean =>
  e.type === "Invalid value" && e.message.includes(" in body must be of type ");

const BLOCKING: ReadonlySet<string> = new Set(["Required value", "Too long", "Too many"]);

/** Whether an error keeps the apiserver from evaluating the object's CEL rules (hasBlockingErr at that release). */
function isBlocking(e: ValueError, minor: Release): boolean {
  return (
    BLOCKING.has(e.type) ||
    isTypeInvalid(e) ||
    (e.type === "Unsupported value" && releaseHas(minor, "celBlockedByUnsupportedValue"))
  );
}

/** A CEL rule that failed to evaluate (no matching overload, a missing key, a bad conversion), as the apiserver words it. */
function isEvaluationError(f: ResourceFinding): boolean {
  return (
    f.type === "Internal error" ||
    / evaluating rule: |: call arguments did not match a supported operator, function or macro signature for rule: /.test(
      f.message,
    )
  );
}

const CEL_SKIPPED =
  "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation";

function docPathOf(p: FieldPath): (string | number)[] {
  return p.toDocumentPath();
}

/**
 * One CRD version's validator: the apiserver's create (or update) pipeline for its resources, as named steps —
 * decode (strict decoding, pruning, defaulting), the strict decoding verdict, prepare (PrepareForCreate/Update),
 * then the validation stages in the custom-resource strategy's order. Compiled once per version; it keeps no state
 * between resources.
 */
class VersionValidator implements ResourceValidator {
  private readonly minor: number;
  private readonly schemaValidators: SchemaValidatorCache;
  private readonly facts: SchemaFacts;
  /** setupKey's text, made on first use. */
  private setup: string | undefined;
  /** How a decoding error starts (runtime.DefaultUnstructuredConverter via the CR handler's codec). */
  private readonly kindVersion: string;

  constructor(
    private readonly rv: ResourceVersion,
    private readonly options: ResourceValidatorOptions,
  ) {
    this.minor = options.minor;
    this.schemaValidators = options.schemaValidators ?? new SchemaValidatorCache();
    let facts = this.schemaValidators.stageFacts.get(rv.schema);
    if (!facts) this.schemaValidators.stageFacts.set(rv.schema, (facts = schemaFacts(rv.schema)));
    this.facts = facts;
    this.kindVersion = `${rv.kind} in version "${rv.version}" cannot be handled as a ${rv.kind}`;
  }

  validate(obj: Record<string, unknown>, old?: Record<string, unknown>): ResourceResult {
    return this.shared("write", obj, old, (at) =>
      this.run(obj, old, this.options.fieldValidation, this.options.coverage, at),
    );
  }

  decodeStored(obj: Record<string, unknown>): Record<string, unknown> {
    const share = this.options.releases;
    if (!share?.tracing) return this.decode(obj, this.minor).object;
    // A traced read: what it asks of the release is the trace's too (the schema's CEL stage plays no part).
    const reads = new ReleaseReads(this.minor);
    const object = this.decode(obj, reads).object;
    share.traceRead(reads);
    return object;
  }

  validateStatus(obj: Record<string, unknown>, oldRaw: Record<string, unknown>): ResourceResult {
    return this.shared("status", obj, oldRaw, (at) => this.runStatus(obj, oldRaw, at));
  }

  /** CRDValidationRatcheting: on by default from 1.30, unless the options say. */
  private ratchets(at: Release): boolean {
    return this.options.ratcheting ?? releaseHas(at, "ratcheting");
  }

  /**
   * A request's result, from another release's validator of the run when the share holds one that answers alike,
   * else computed here (`compute`, at this release, noting what it asks of it) and filed for the other releases.
   */
  private shared(
    request: "write" | "status",
    obj: Record<string, unknown>,
    old: Record<string, unknown> | undefined,
    compute: (at: Release) => ResourceResult,
  ): ResourceResult {
    const share = this.options.releases;
    // Coverage records what each evaluation reaches: a result taken from another release records nothing.
    if (!share) return compute(this.minor);
    if (this.options.coverage) {
      share.untraceable();
      return compute(this.minor);
    }
    return share.result(
      this.rv,
      { setup: `${request}\0${this.setupKey()}`, object: obj, old },
      this.minor,
      this.options.cel ?? null,
      compute,
    );
  }

  /** What this validator was set up with, besides the release and the schema, as a key. */
  private setupKey(): string {
    const { options, rv } = this;
    return (this.setup ??= JSON.stringify([
      options.fieldValidation,
      options.behind === true,
      options.ratcheting ?? null,
      rv.group,
      rv.kind,
      rv.version,
      rv.namespaced,
      rv.statusSubresource,
      rv.scale,
    ]));
  }

  private runStatus(obj: Record<string, unknown>, oldRaw: Record<string, unknown>, at: Release): ResourceResult {
    const mode = this.options.fieldValidation;
    const decoded = this.decode(obj, at);
    const findings = this.strictFindings(decoded.strict, mode);
    if (decoded.hard) return { findings: this.hardStop(decoded.hard, findings), object: null };
    if (mode === "strict" && decoded.strict.length > 0) return { findings, object: null };
    // statusStrategy.PrepareForUpdate: OLD as stored, with the request's status (or none).
    const old = this.decode(oldRaw, at).object;
    const object = deepCopy(old);
    if (hasOwn(decoded.object, "status")) object.status = decoded.object.status;
    else delete object.status;
    findings.push(...this.validateStatusStages(object, old, at));
    return { findings, object };
  }

  /**
   * A decoding error the request stops at (the schema coercer's, a 400): the apiserver answers it alone, without the
   * unknown fields the coercer had found (their errors or warnings come once it is fixed: shown behind it).
   */
  private hardStop(hard: ResourceFinding, unknowns: ResourceFinding[]): ResourceFinding[] {
    return [hard, ...(this.options.behind ? unknowns.map((f) => ({ ...f, hiddenBy: hard })) : [])];
  }

  /** The pipeline: decode, the strict decoding verdict (it may stop the request), prepare, validate. */
  /** `coverage`: null for a pass the apiserver does not make (behind a strict decoding error): nothing is recorded. */
  private run(
    obj: Record<string, unknown>,
    oldRaw: Record<string, unknown> | undefined,
    mode: FieldValidation,
    coverage: CoverageSink | null | undefined,
    at: Release,
  ): ResourceResult {
    const decoded = this.decode(obj, at);
    const findings = this.strictFindings(decoded.strict, mode);
    if (decoded.hard) return { findings: this.hardStop(decoded.hard, findings), object: null };
    if (mode === "strict" && decoded.strict.length > 0)
      return { findings: this.behindStrict(obj, oldRaw, findings, at), object: null };
    const object = decoded.object;
    const old = oldRaw ? this.decode(oldRaw, at).object : undefined;
    const meta = this.prepare(object, old);
    findings.push(...this.validateStages(object, meta, old, coverage, at));
    return { findings, object };
  }

  private finding(
    at: Release,
    rule: ResourceFindingCode,
    e: ValueError,
    severity: "error" | "warning" = "error",
  ): ResourceFinding {
    const f: ResourceFinding = {
      rule,
      severity,
      field: e.path.segments.length === 0 ? null : e.path.toString(),
      // Scale errors are named by the JSONPath as written (`.spec.replicas`): locate the node it points at.
      docPath:
        e.path.segments.length === 1 && e.path.toString().startsWith(".")
          ? e.path.toString().slice(1).split(".")
          : docPathOf(e.path),
      type: e.type,
      message: e.message,
    };
    if (
      hasOwn(e, "value") &&
      e.type !== "Required value" &&
      e.type !== "Forbidden" &&
      e.type !== "Too long" &&
      e.type !== "Internal error"
    )
      f.value = renderFieldValue(e.value, at);
    return f;
  }

  /** Decoding: strict errors (in the apiserver's order) and the coerced, pruned, null-pruned, defaulted copy. */
  private decode(
    obj: Record<string, unknown>,
    at: Release,
  ): {
    strict: ResourceFinding[];
    hard: ResourceFinding | null;
    object: Record<string, unknown>;
  } {
    const strict: ResourceFinding[] = [];
    const unknown = (text: string, segs: (string | number)[]): void => {
      strict.push({
        rule: "resource-unknown-field",
        severity: "error",
        field: text,
        docPath: segs,
        type: "Unknown field",
        message: `unknown field ${JSON.stringify(text)}`,
      });
    };
    // metadata is decoded strictly into ObjectMeta: unknown keys are strict errors, wrong types a hard error.
    const rawMeta = obj.metadata;
    let meta: Record<string, unknown> = {};
    if (rawMeta !== undefined) {
      const d = decodeObjectMeta(rawMeta);
      if (!d.ok) {
        const hard: ResourceFinding = {
          rule: "resource-decode-failed",
          severity: "error",
          field: "metadata",
          docPath: ["metadata"],
          type: null,
          message: `${this.kindVersion}: ${d.error}`,
        };
        return { strict, hard, object: obj };
      }
      meta = d.meta;
      if (isPlainObject(rawMeta)) metadataUnknowns(rawMeta, at, unknown);
    }
    const pruned = pruneValue(obj, this.rv.schema, { isResourceRoot: true });
    pruned.paths.forEach((p, i) => unknown(p, pruned.fieldPaths[i]!.toDocumentPath()));
    const object = pruned.pruned as Record<string, unknown>;
    if (rawMeta !== undefined) object.metadata = meta;
    pruneNulls(object, this.rv.schema);
    if (this.facts.embedded) {
      const embeddedUnknowns: { text: string; segs: (string | number)[] }[] = [];
      collectEmbeddedUnknowns(object, this.rv.schema, [], true, at, embeddedUnknowns);
      embeddedUnknowns.sort((a, b) => compareBytes(a.text, b.text));
      for (const u of embeddedUnknowns) unknown(u.text, u.segs);
      const c = coerceEmbedded(object, this.rv.schema, {});
      if (c.error) {
        const e = this.finding(at, "resource-decode-failed", c.error);
        e.detail = `${this.kindVersion}: ${c.error.path.toString()}: Invalid value: ${e.value ?? ""}: ${c.error.message}`;
        return { strict, hard: e, object };
      }
      const coerced = c.value as Record<string, unknown>;
      applyDefaults(coerced, this.rv.schema);
      return { strict, hard: null, object: coerced };
    }
    applyDefaults(object, this.rv.schema);
    return { strict, hard: null, object };
  }

  /** The strict decoding errors as the field validation directive reports them (errors, warnings, or none). */
  private strictFindings(strict: ResourceFinding[], mode: FieldValidation): ResourceFinding[] {
    const findings: ResourceFinding[] = [];
    if (mode === "ignore") return findings;
    const strictAsError = mode === "strict";
    for (const s of strict) {
      if (strictAsError) {
        s.detail = `${this.kindVersion}: strict decoding error: ${strict.map((x) => x.message).join(", ")}`;
      } else s.severity = "warning";
      findings.push(s);
    }
    return findings;
  }

  /**
   * The apiserver stops at the strict decoding error; say what else it would find once the fields are fixed.
   * Nothing has changed obj yet (decoding copies), so the second pass sees what the first one saw.
   */
  private behindStrict(
    obj: Record<string, unknown>,
    oldRaw: Record<string, unknown> | undefined,
    findings: ResourceFinding[],
    at: Release,
  ): ResourceFinding[] {
    const rest = this.run(obj, oldRaw, "ignore", null, at);
    const hidden = rest.findings.filter((f) => f.hiddenBy === undefined).length;
    if (hidden > 0) {
      const last = findings[findings.length - 1]!;
      last.detail = `${last.detail ?? ""}; ${hidden} further problem${hidden === 1 ? " is" : "s are"} hidden behind it (the apiserver stops here): --field-validation warn shows ${hidden === 1 ? "it" : "them"}`;
    }
    // Once the unknown fields are gone the apiserver goes on: what it finds then is shown behind the first of them
    // (or behind the error nearer to it that still stops it, as a type error stops CEL).
    if (this.options.behind)
      for (const f of rest.findings) findings.push(f.hiddenBy ? f : { ...f, hiddenBy: findings[0]! });
    return findings;
  }

  /** PrepareForCreate / PrepareForUpdate: status from OLD (or dropped), the name, namespace and generation; returns the metadata. */
  private prepare(object: Record<string, unknown>, old: Record<string, unknown> | undefined): Record<string, unknown> {
    const rv = this.rv;
    if (rv.statusSubresource) {
      if (old === undefined || !hasOwn(old, "status")) delete object.status;
      else object.status = deepCopy(old.status);
    }
    const meta: Record<string, unknown> = isPlainObject(object.metadata) ? object.metadata : {};
    if (!isPlainObject(object.metadata)) object.metadata = meta;
    if (
      (typeof meta.name !== "string" || meta.name === "") &&
      typeof meta.generateName === "string" &&
      meta.generateName !== ""
    )
      meta.name = generatedName(meta.generateName);
    // kubectl sends the context's namespace for a namespaced kind; the server clears it for a cluster-scoped one.
    if (rv.namespaced && (typeof meta.namespace !== "string" || meta.namespace === "")) meta.namespace = "default";
    if (!rv.namespaced) delete meta.namespace;
    if (old === undefined) meta.generation = 1;
    return meta;
  }

  /** The validation stages in the strategy's order: ObjectMeta, schema (ratcheted), scale, embedded resources, list types, then CEL unless an error blocks it. */
  private validateStages(
    object: Record<string, unknown>,
    meta: Record<string, unknown>,
    old: Record<string, unknown> | undefined,
    coverage: CoverageSink | null | undefined,
    at: Release,
  ): ResourceFinding[] {
    const { rv } = this;
    const sink = coverage ?? undefined;
    const warnings: ValueError[] = [];
    const metaErrors: ValueError[] = [];
    this.validateObjectMeta(
      meta,
      metaErrors,
      warnings,
      old !== undefined && isPlainObject(old.metadata) ? old.metadata : undefined,
      at,
    );
    // On update the failures wait for ratcheting: a dropped error's check did not make the object fail. (The release
    // is asked only when it matters: with coverage, or when there are errors to ratchet.)
    const ratchets = (): boolean => old !== undefined && this.ratchets(at);
    const schemaDeferred: DeferredFailures | undefined = sink && ratchets() ? new Map() : undefined;
    let schemaErrors = validateSchemaValue(rv.schema, object, {
      minor: at,
      cache: this.schemaValidators,
      coverage: sink,
      coverageDeferred: schemaDeferred,
    });
    if (schemaErrors.length > 0 && ratchets()) schemaErrors = ratchetSchemaErrors(schemaErrors, object, old, rv.schema);
    if (schemaDeferred) recordKeptFailures(sink!, schemaDeferred, schemaErrors);
    const scaleErrors: ValueError[] = [];
    this.validateScale(object, scaleErrors);
    const embeddedErrors = this.facts.embedded ? validateEmbedded(object, rv.schema, { minor: at }) : [];
    const listDeferred: DeferredFailures | undefined = sink && old !== undefined ? new Map() : undefined;
    let listErrors = this.facts.listTypes
      ? validateListTypes(object, rv.schema, { coverage: sink, coverageDeferred: listDeferred })
      : [];
    if (old !== undefined && listErrors.length > 0 && validateListTypes(old, rv.schema).length > 0) listErrors = [];
    if (listDeferred) recordKeptFailures(sink!, listDeferred, listErrors);
    const findings = this.withCel(
      [
        ["resource-metadata-invalid", metaErrors],
        ["resource-schema-invalid", schemaErrors],
        ["resource-scale-invalid", scaleErrors],
        ["resource-embedded-invalid", embeddedErrors],
        ["resource-list-type-duplicate", listErrors],
      ],
      object,
      old,
      coverage,
      at,
    );
    for (const w of warnings) {
      const f = this.finding(at, "resource-finalizer-name", w, "warning");
      f.type = null;
      delete f.value;
      findings.push(f);
    }
    return findings;
  }

  /**
   * The status strategy's ValidateUpdate: ObjectMeta update (OLD's metadata is kept, so nothing to find), the status
   * against the status schema (ratcheted on the status key), scale status, list types (unless OLD already broke
   * them), then CEL on the whole object unless an error blocks it.
   */
  private validateStatusStages(
    object: Record<string, unknown>,
    old: Record<string, unknown>,
    at: Release,
  ): ResourceFinding[] {
    const { rv } = this;
    const props = isPlainObject(rv.schema.properties) ? rv.schema.properties : {};
    const statusSchema = props.status;
    let schemaErrors: ValueError[] = [];
    if (hasOwn(object, "status") && isPlainObject(statusSchema)) {
      const sink = this.options.coverage;
      // The failures wait for ratcheting: a dropped error's check did not make the object fail.
      const deferred: DeferredFailures | undefined = sink && this.ratchets(at) ? new Map() : undefined;
      schemaErrors = validateSchemaValue(statusSchema, object.status, {
        minor: at,
        cache: this.schemaValidators,
        rootPath: FieldPath.root("status"),
        coverage: sink,
        coverageDeferred: deferred,
      });
      if (schemaErrors.length > 0 && this.ratchets(at))
        schemaErrors = ratchetSchemaErrors(schemaErrors, object, old, rv.schema);
      if (deferred) recordKeptFailures(sink!, deferred, schemaErrors);
    }
    const scaleErrors: ValueError[] = [];
    this.validateScale(object, scaleErrors, "status");
    let listErrors = this.facts.listTypes ? validateListTypes(object, rv.schema) : [];
    if (listErrors.length > 0 && validateListTypes(old, rv.schema).length > 0) listErrors = [];
    return this.withCel(
      [
        ["resource-schema-invalid", schemaErrors],
        ["resource-scale-invalid", scaleErrors],
        ["resource-list-type-duplicate", listErrors],
      ],
      object,
      old,
      this.options.coverage,
      at,
    );
  }

  /** The errors of the stages before CEL, in order, then CEL's unless one of them blocks it (hasBlockingErr). */
  private withCel(
    stages: [ResourceFindingCode, ValueError[]][],
    object: Record<string, unknown>,
    old: Record<string, unknown> | undefined,
    coverage: CoverageSink | null | undefined,
    at: Release,
  ): ResourceFinding[] {
    const { options } = this;
    const findings: ResourceFinding[] = [];
    const before = stages.flatMap(([, errors]) => errors);
    let celFindings: ResourceFinding[] = [];
    let celSkipped = false;
    if (options.cel) {
      if (before.some((e) => isBlocking(e, at))) celSkipped = true;
      else
        celFindings = options.cel.validate(
          object,
          old,
          coverage === undefined ? { release: at } : { coverage, release: at },
        );
    }
    const found = new Map<ValueError, ResourceFinding>();
    for (const [rule, errors] of stages)
      for (const e of errors) {
        const f = this.finding(at, rule, e);
        found.set(e, f);
        findings.push(f);
      }
    findings.push(...celFindings);
    if (celSkipped)
      findings.push(
        this.finding(at, "resource-cel-not-checked", {
          path: FieldPath.from([]),
          type: "Invalid value",
          value: null,
          message: CEL_SKIPPED,
        }),
      );
    if (celSkipped && options.behind && options.cel) {
      // The rules the apiserver skips, run on the object as it is: what they conclude is what it reports once the
      // blocking errors are fixed, unless a rule reads an invalid value, whose evaluation error says nothing about
      // the fixed object (it is left out; resource-cel-not-checked already says the rules were not all checked).
      const blocker = found.get(before.find((e) => isBlocking(e, at))!)!;
      for (const f of options.cel.validate(object, old, { coverage: null, release: at }))
        if (!isEvaluationError(f)) findings.push({ ...f, hiddenBy: blocker });
    }
    return findings;
  }

  private validateObjectMeta(
    meta: Record<string, unknown>,
    out: ValueError[],
    warnings: ValueError[],
    oldMeta: Record<string, unknown> | undefined,
    at: Release,
  ): void {
    const p = FieldPath.root("metadata");
    const str = (k: string): string => (typeof meta[k] === "string" ? (meta[k] as string) : "");
    // A create checks the names as DNS subdomains (the strategy's nameFn); an update only as path segments (rest's
    // BeforeUpdate: ValidateObjectMetaAccessor with ValidatePathSegmentName; the strategy checks immutability).
    const nameErrors = oldMeta === undefined ? nameIsDNSSubdomain : pathSegmentNameErrors;
    const generateName = str("generateName");
    if (generateName !== "")
      for (const m of nameErrors(generateName, true))
        out.push({ path: p.child("generateName"), type: "Invalid value", value: generateName, message: m });
    const name = str("name");
    if (name === "")
      out.push({ path: p.child("name"), type: "Required value", message: "name or generateName is required" });
    else
      for (const m of nameErrors(name, false))
        out.push({ path: p.child("name"), type: "Invalid value", value: name, message: m });
    if (this.rv.namespaced) {
      const ns = str("namespace");
      for (const m of isDNS1123Label(ns))
        out.push({ path: p.child("namespace"), type: "Invalid value", value: ns, message: m });
    }
    validateObjectMetaAfterNames(p, meta, at, out);
    // ValidateObjectMetaAccessorUpdate: an object being deleted (the old one has a deletionTimestamp) takes no new
    // finalizers; the extra ones are listed sorted, as Go's %#v of a []string.
    if (oldMeta !== undefined && oldMeta.deletionTimestamp !== undefined && oldMeta.deletionTimestamp !== null) {
      const list = (m: Record<string, unknown>): string[] =>
        Array.isArray(m.finalizers) ? m.finalizers.filter((f): f is string => typeof f === "string") : [];
      const had = new Set(list(oldMeta));
      const extra = [...new Set(list(meta))].filter((f) => !had.has(f)).sort(compareBytes);
      if (extra.length)
        out.push({
          path: p.child("finalizers"),
          type: "Forbidden",
          message: `no new finalizers can be added if the object is being deleted, found new finalizers []string{${extra.map(goQuote).join(", ")}}`,
        });
    }
    // Finalizer warnings (customresource strategy generateWarningsFromObj): the finalizers this request adds (all of
    // them on create, those the old object lacks on update), unique and sorted (sets.String.List()).
    const names = (m: Record<string, unknown> | undefined): string[] =>
      m && Array.isArray(m.finalizers) ? m.finalizers.filter((f): f is string => typeof f === "string") : [];
    const before = new Set(names(oldMeta));
    const added = [...new Set(names(meta))].filter((f) => !before.has(f)).sort(compareBytes);
    // The release is asked only when a finalizer is added (the warnings exist from 1.29).
    if (added.length === 0 || !releaseHas(at, "customResourceFinalizerWarnings")) return;
    for (const f of added) {
      for (const m of qualifiedNameErrors(f, at))
        warnings.push({ path: p.child("finalizers"), type: "Invalid value", message: `${JSON.stringify(f)}: ${m}` });
      // Upstream adds this one after the qualified-name messages, whether or not there were any.
      if (!f.includes("/") && !["orphan", "foregroundDeletion", "kubernetes"].includes(f))
        warnings.push({
          path: p.child("finalizers"),
          type: "Invalid value",
          message: `${JSON.stringify(f)}: prefer a domain-qualified finalizer name ${f.includes(".") && releaseHas(at, "finalizerPathHint") ? "including a path (/) " : ""}to avoid accidental conflicts with other finalizer writers`,
        });
    }
  }

  /** ValidateScaleSpec and ValidateScaleStatus (`only`: the status update checks the status replicas alone). */
  private validateScale(obj: Record<string, unknown>, out: ValueError[], only?: "status"): void {
    const scale = this.rv.scale;
    if (!scale) return;
    const replicas = (jsonPath: string): void => {
      const found = valueAt(obj, jsonPath);
      const path = FieldPath.root(jsonPath);
      if (!found.ok) {
        if (found.error) out.push({ path, type: "Invalid value", value: 0, message: found.error });
        return;
      }
      const v = found.value;
      if (typeof v !== "number" || !isGoInt(v)) {
        out.push({
          path,
          type: "Invalid value",
          value: 0,
          message: `${jsonPath} accessor error: ${goValue(v)} is of the type ${goTypeName(v)}, expected int64`,
        });
        return;
      }
      if (v < 0) out.push({ path, type: "Invalid value", value: v, message: "should be a non-negative integer" });
      else if (v > 2147483647)
        out.push({ path, type: "Invalid value", value: v, message: "should be less than or equal to 2147483647" });
    };
    if (only !== "status") replicas(scale.specReplicasPath);
    replicas(scale.statusReplicasPath);
    if (scale.labelSelectorPath) {
      const found = valueAt(obj, scale.labelSelectorPath);
      if (!found.ok && found.error)
        out.push({
          path: FieldPath.root(scale.labelSelectorPath),
          type: "Invalid value",
          value: "",
          message: found.error,
        });
      else if (found.ok && typeof found.value !== "string")
        out.push({
          path: FieldPath.root(scale.labelSelectorPath),
          type: "Invalid value",
          value: "",
          message: `${scale.labelSelectorPath} accessor error: ${goValue(found.value)} is of the type ${goTypeName(found.value)}, expected string`,
        });
    }
  }
}

/** A request as the share tells requests apart: what the validator was set up with, the object, the stored object. */
export interface SharedRequest {
  setup: string;
  object: Record<string, unknown>;
  old: Record<string, unknown> | undefined;
}

/**
 * A stored result: the request (a copy), what it asked of the release that computed it, the CEL stage it ran with
 * (celId), the result.
 */
interface SharedResult {
  request: SharedRequest;
  reads: ReleaseReads;
  cel: number;
  result: ResourceResult;
}

/**
 * What one run of a sequence of requests (a test case) took from its release, while a caller traces it: for each
 * request the result it was given (what that result asked of its release, and the CEL stage it ran with, by the
 * share's number), and each stored object read back. At another release at which every item holds (the same answers,
 * the stages alike), the same requests get the same results, so a caller whose requests follow from the answers alone
 * gets the same outcome there. `complete` is false when a request went around the share (the trace says nothing then).
 */
export interface ShareTrace {
  readonly items: TraceItem[];
  complete: boolean;
}

/** A result's (or a read's) release reads; the schema whose CEL stage it ran with and that stage's number (a read: null). */
export interface TraceItem {
  readonly reads: ReleaseReads;
  readonly schema: Schema | null;
  readonly cel: number;
}

/**
 * The results of a run over several releases, shared by its releases' validators of a CRD version: a result computed at
 * one release is the result at another when everything it asked of its release is answered alike there (ReleaseReads)
 * and the CEL stages are alike (CelStage.releaseKey). By the version's schema object, then the request's hash, the
 * requests compared as written. Each taker gets a copy: a caller may change what it is given (a stored object).
 */
export class ReleaseResultShare {
  /** By schema object, then by the request's hash (contentHash). */
  private bySchema = new WeakMap<object, Map<number, SharedResult[]>>();
  /** Each CEL stage's number: stages with equal keys have the same (null has 0, a stage without a key its own). */
  private readonly celIds = new WeakMap<CelStage, number>();
  private readonly celKeys = new Map<string, number>();
  /** Each item of a CEL stage's key, as a number (a signature's text is long: the key is made of the numbers). */
  private readonly celItems = new Map<unknown, number>();
  private celCount = 0;
  /** The trace being made (startTrace), if any. */
  private trace: ShareTrace | null = null;

  /** `hash`: how requests are bucketed (a test gives all the same hash to have sameRequest tell them apart). */
  constructor(private readonly hash: (request: SharedRequest) => number | null = requestHash) {}

  /** Drops every result kept: for a caller that knows no release will ask for them again (a case run at each). */
  forget(): void {
    this.bySchema = new WeakMap();
  }

  /** Whether a trace is being made (startTrace). */
  get tracing(): boolean {
    return this.trace !== null;
  }

  /** Starts tracing the requests that follow, until endTrace. */
  startTrace(): void {
    this.trace = { items: [], complete: true };
  }

  endTrace(): ShareTrace {
    const t = this.trace ?? { items: [], complete: false };
    this.trace = null;
    return t;
  }

  /** A request answered without the share while tracing: the trace cannot tell where its outcome holds. */
  untraceable(): void {
    if (this.trace) this.trace.complete = false;
  }

  /** A stored object read back while tracing, and what the read asked of its release. */
  traceRead(reads: ReleaseReads): void {
    this.trace?.items.push({ reads, schema: null, cel: 0 });
  }

  /**
   * Whether every item of a trace holds at 1.`minor`: each result answers there as where it was computed, with the
   * stage `stageAt` gives for the item's schema at that release numbered as the item's.
   */
  traceHolds(trace: ShareTrace, minor: number, stageAt: (schema: Schema) => CelStage | null): boolean {
    return (
      trace.complete &&
      trace.items.every(
        (i) => i.reads.holdsAt(minor) && (i.schema === null || i.cel === this.celIdOf(stageAt(i.schema))),
      )
    );
  }

  result(
    rv: ResourceVersion,
    request: SharedRequest,
    minor: number,
    cel: CelStage | null,
    compute: (at: Release) => ResourceResult,
  ): ResourceResult {
    const hash = this.hash(request);
    if (hash === null) {
      this.untraceable();
      return compute(minor);
    }
    let byHash = this.bySchema.get(rv.schema);
    if (!byHash) this.bySchema.set(rv.schema, (byHash = new Map<number, SharedResult[]>()));
    let entries = byHash.get(hash);
    const celId = this.celIdOf(cel);
    if (entries)
      for (const e of entries)
        if (e.cel === celId && e.reads.holdsAt(minor) && sameRequest(e.request, request)) {
          this.trace?.items.push({ reads: e.reads, schema: rv.schema, cel: celId });
          return copyResult(e.result);
        }
    const reads = new ReleaseReads(minor);
    const result = compute(reads);
    if (!entries) byHash.set(hash, (entries = []));
    const kept: SharedRequest = {
      setup: request.setup,
      object: deepCopy(request.object),
      old: request.old && deepCopy(request.old),
    };
    entries.push({ request: kept, reads, cel: celId, result: copyResult(result) });
    this.trace?.items.push({ reads, schema: rv.schema, cel: celId });
    return result;
  }

  private celIdOf(cel: CelStage | null): number {
    if (cel === null) return 0;
    let id = this.celIds.get(cel);
    if (id !== undefined) return id;
    const key = cel.releaseKey;
    if (key === undefined) id = ++this.celCount;
    else {
      // Each item by its number (strings, booleans, null and undefined are told apart by the Map's SameValueZero).
      let text = "";
      for (const x of key) {
        let n = this.celItems.get(x);
        if (n === undefined) this.celItems.set(x, (n = this.celItems.size));
        text += `${n},`;
      }
      id = this.celKeys.get(text);
      if (id === undefined) this.celKeys.set(text, (id = ++this.celCount));
    }
    this.celIds.set(cel, id);
    return id;
  }
}

function copyResult(r: ResourceResult): ResourceResult {
  return { findings: r.findings.map((f) => ({ ...f })), object: r.object === null ? null : deepCopy(r.object) };
}

/**
 * A request's hash, walking it without making anything (a JSON text of each request was much of a run's garbage);
 * null when it cannot be shared.
 */
function requestHash(request: SharedRequest): number | null {
  const h = contentHash(request.setup, FNV_OFFSET);
  const o = h === null ? null : contentHash(request.object, h);
  return o === null ? null : contentHash(request.old ?? null, o);
}

function sameRequest(a: SharedRequest, b: SharedRequest): boolean {
  return a.setup === b.setup && deepEqual(a.object, b.object, true) && deepEqual(a.old, b.old, true);
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function hashString(s: string, h: number): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}

/**
 * FNV-1a over a JSON value's parts, its keys' order included; null for a value that is not plain JSON (an object of a
 * class, a function, a bigint): such a request is never shared. Equal hashes are only candidates (sameContent).
 */
function contentHash(v: unknown, h: number): number | null {
  switch (typeof v) {
    case "string":
      return hashString(v, Math.imul(h ^ 0x73, FNV_PRIME));
    case "number":
      return hashString(Object.is(v, -0) ? "-0" : String(v), Math.imul(h ^ 0x6e, FNV_PRIME));
    case "boolean":
      return Math.imul(h ^ (v ? 0x74 : 0x66), FNV_PRIME);
    case "object":
      break;
    default:
      return null;
  }
  if (v === null) return Math.imul(h ^ 0x30, FNV_PRIME);
  let out: number | null = Math.imul(h ^ (Array.isArray(v) ? 0x5b : 0x7b), FNV_PRIME);
  if (Array.isArray(v)) {
    for (const x of v) if ((out = contentHash(x, out)) === null) return null;
    return out;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return null;
  for (const k in v) {
    out = contentHash((v as Record<string, unknown>)[k], hashString(k, Math.imul(out, FNV_PRIME)));
    if (out === null) return null;
  }
  return out;
}

export function createResourceValidator(rv: ResourceVersion, options: ResourceValidatorOptions): ResourceValidator {
  return new VersionValidator(rv, options);
}

/** Unknown ObjectMeta keys (and owner reference / managed fields entry keys), in document order. */
function metadataUnknowns(
  meta: Record<string, unknown>,
  minor: Release,
  unknown: (text: string, segs: (string | number)[]) => void,
  prefix = "metadata",
  segs: (string | number)[] = ["metadata"],
): void {
  for (const k of Object.keys(meta)) {
    if (!OBJECT_META_FIELDS.has(k) && !(k === "clusterName" && !releaseHas(minor, "clusterNameRemoved"))) {
      unknown(`${prefix}.${k}`, [...segs, k]);
      continue;
    }
    const fields =
      k === "ownerReferences" ? OWNER_REFERENCE_FIELDS : k === "managedFields" ? MANAGED_FIELDS_FIELDS : null;
    const list = meta[k];
    if (fields && Array.isArray(list))
      list.forEach((item, i) => {
        if (!isPlainObject(item)) return;
        for (const f of Object.keys(item)) if (!fields.has(f)) unknown(`${prefix}.${k}[${i}].${f}`, [...segs, k, i, f]);
      });
  }
}

/** Unknown keys of the metadata of every embedded resource (paths dotted like the pruning paths). */
function collectEmbeddedUnknowns(
  x: unknown,
  s: unknown,
  segs: PathSegment[],
  root: boolean,
  minor: Release,
  out: { text: string; segs: (string | number)[] }[],
): void {
  if (!isPlainObject(s)) return;
  if (Array.isArray(x)) {
    x.forEach((v, i) => collectEmbeddedUnknowns(v, s.items, [...segs, { kind: "index", index: i }], false, minor, out));
    return;
  }
  if (!isPlainObject(x)) return;
  if (!root && s["x-kubernetes-embedded-resource"] === true && isPlainObject(x.metadata)) {
    const base = FieldPath.from(segs);
    metadataUnknowns(
      x.metadata,
      minor,
      (text, docSegs) => out.push({ text, segs: docSegs }),
      dotted(segs) + ".metadata",
      [...base.toDocumentPath(), "metadata"],
    );
  }
  const props = isPlainObject(s.properties) ? s.properties : {};
  for (const k of Object.keys(x)) {
    if (hasOwn(props, k))
      collectEmbeddedUnknowns(x[k], props[k], [...segs, { kind: "field", name: k }], false, minor, out);
    else if (isPlainObject(s.additionalProperties))
      // objectmeta's coerce walks a map entry as pth.Key(k): the unknown-field path writes it as [k]
      collectEmbeddedUnknowns(x[k], s.additionalProperties, [...segs, { kind: "key", key: k }], false, minor, out);
  }
}

function dotted(segs: PathSegment[]): string {
  let out = "";
  for (const s of segs) {
    if (s.kind === "index") out += `[${s.index}]`;
    else if (s.kind === "key") out += `[${s.key}]`;
    else out += (out === "" ? "" : ".") + s.name;
  }
  return out;
}

/** The value at a scale JSONPath (`.spec.replicas`): a simple dotted path, as the CRD validation requires. */
/**
 * unstructured.NestedFieldNoCopy: the value at a `.a.b` path; a null on the way means absent, and any other value
 * that is not a map is the accessor error NestedInt64 and NestedString return.
 */
function valueAt(obj: unknown, jsonPath: string): { ok: true; value: unknown } | { ok: false; error?: string } {
  const parts = jsonPath.replace(/^\./, "").split(".");
  let cur: unknown = obj;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (cur === null || cur === undefined) return { ok: false };
    if (!isPlainObject(cur))
      return {
        ok: false,
        error: `.${parts.slice(0, i + 1).join(".")} accessor error: ${goValue(cur)} is of the type ${goTypeName(cur)}, expected map[string]interface{}`,
      };
    if (!hasOwn(cur, p)) return { ok: false };
    cur = cur[p];
  }
  return { ok: true, value: cur };
}

function goTypeName(v: unknown): string {
  if (v === null || v === undefined) return "<nil>";
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number") return isGoInt(v) ? "int64" : "float64";
  if (Array.isArray(v)) return "[]interface {}";
  return "map[string]interface {}";
}

function goValue(v: unknown): string {
  if (typeof v === "number") return goNumber(v);
  if (typeof v === "string") return v;
  if (v === null || v === undefined) return "<nil>";
  if (typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return "[" + v.map(goValue).join(" ") + "]";
  const o = v as Record<string, unknown>;
  return (
    "map[" +
    Object.keys(o)
      .sort(compareBytes)
      .map((k) => `${k}:${goValue(o[k])}`)
      .join(" ") +
    "]"
  );
}
