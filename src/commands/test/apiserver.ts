/**
 * The apiserver a test case talks to: one CRD installed, one custom resource stored, and the requests a test client
 * sends — create, update, update through /status, get — each answered as the custom-resource handler answers it: the
 * error text the client's `err.Error()` returns (the Status message), the warnings, and the object as persisted and
 * read back. The validation itself is src/values/resource.ts's pipeline (decoding, pruning, defaulting, the
 * strategy's preparation and validation stages) with the CEL stage of the run's release.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/registry/customresource/{strategy,status_strategy,validator}.go
// Upstream: kubernetes/apimachinery:pkg/api/errors/errors.go (NewInvalid), pkg/util/validation/field/errors.go (Error, ToAggregate), pkg/util/errors/errors.go (aggregate.Error)
import { aggregateTexts, deepCopy, isPlainObject } from "../../k8s/go.js";
import { splitApiVersion } from "../../k8s/builtin.js";
import type { JsonObject } from "../../crd/model.js";
import { registeredCrd, type RegisteredCrd } from "../../crd/registry.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, enabledByDefault, releaseHas } from "../../k8s/releases.js";
import type { SchemaValidatorCache } from "../../values/value.js";
import {
  createResourceValidator,
  type CelStage,
  type ReleaseResultShare,
  resourceVersionFor,
  type FieldValidation,
  type ResourceFinding,
  type ResourceResult,
  type ResourceValidator,
} from "../../values/resource.js";
import type { CelStages } from "../../engine/validate-cel.js";
import type { CoverageCollector, CoverageSink, LocateCheck } from "../../values/coverage.js";

/** What one request gets back. */
export interface Answer {
  /** The error's text as the client's err.Error() gives it; null when the request succeeds. */
  error: string | null;
  /** The field errors behind `error` (the Status causes), each as field.Error.Error() prints it. */
  causes: ResourceFinding[];
  warnings: string[];
  /** The object as the response carries it (as persisted), on success. */
  object: JsonObject | null;
}

/** What a test run shares between its apiservers: the release, its CEL stages, the compiled schema validators. */
export interface ApiserverContext {
  minor: number;
  fieldValidation: FieldValidation;
  cel: CelStages | null;
  schemaValidators: SchemaValidatorCache;
  /** Records which checks each request exercised (crdlint test --coverage); `locate` places a check in the CRD file. */
  coverage?: { collector: CoverageCollector; locate: (crd: JsonObject, version: string) => LocateCheck | undefined };
  /** Sees every create and update the apiserver answers (the oracle comparison replays them against the apiserver's code). */
  onRequest?: (request: ObservedRequest) => void;
  /** Validators by installed CRD object: a suite's cases install the same CRD, compiled once. */
  validators: WeakMap<object, Map<string, ServedVersion>>;
  /** A run over several releases: the requests' results its releases share (absent: each validates alone). */
  releases?: ReleaseResultShare;
}

/** A create (no old) or update as sent (through /status with `subresource`), with the CRD installed and the answer given. */
export interface ObservedRequest {
  crd: JsonObject;
  object: JsonObject;
  old?: JsonObject;
  subresource?: "status";
  answer: Answer;
}

/** A served version as requests meet it: its validator, and whether it has the /status subresource. */
export interface ServedVersion {
  validator: ResourceValidator;
  statusSubresource: boolean;
}

/** The apiserver's text for one field error: field.Error.Error(). */
export function fieldErrorText(f: ResourceFinding): string {
  let s = `${f.field ?? "<nil>"}: ${f.type ?? ""}`;
  if (f.value !== undefined) s += `: ${f.value}`;
  if (f.message !== "") s += `: ${f.message}`;
  return s;
}

export class TestApiserver {
  private crd: RegisteredCrd<null>;
  private stored: JsonObject | null = null;
  /** The CRD installed now is a patched copy (initialCRDPatches): its coverage pools into the real CRD's. */
  private patched = false;

  constructor(
    private readonly ctx: ApiserverContext,
    crd: JsonObject,
  ) {
    this.crd = TestApiserver.register(crd);
  }

  private static register(raw: JsonObject): RegisteredCrd<null> {
    const crd = registeredCrd(raw, null);
    if (!crd) throw new Error("the CRD has no spec.group or spec.names.kind");
    return crd;
  }

  /** An update of the CRD (a test's initialCRDPatches): later requests and reads go through the new schema. */
  replaceCrd(raw: JsonObject, patched: boolean): void {
    this.crd = TestApiserver.register(raw);
    this.patched = patched;
  }

  /** POST: the object created, or the error the apiserver answers. */
  create(obj: JsonObject): Answer {
    const v = this.versionOf(obj);
    if (typeof v === "string") return failed(v);
    const r = v.validator.validate(obj);
    const answer = this.answer(r);
    this.ctx.onRequest?.({ crd: this.crd.raw, object: obj, answer });
    if (answer.error === null) this.stored = answer.object;
    return answer;
  }

  /** PUT on the resource: the stored object updated (its status kept when /status is a subresource). */
  update(obj: JsonObject): Answer {
    const v = this.versionOf(obj);
    if (typeof v === "string") return failed(v);
    if (!this.stored) return failed(this.notFound(obj));
    const r = v.validator.validate(obj, this.stored);
    const answer = this.answer(r);
    this.ctx.onRequest?.({ crd: this.crd.raw, object: obj, old: this.stored, answer });
    if (answer.error === null) this.stored = answer.object;
    return answer;
  }

  /** PUT on /status: only the status changes; without the status subresource the path does not exist. */
  updateStatus(obj: JsonObject): Answer {
    const v = this.versionOf(obj);
    if (typeof v === "string") return failed(v);
    if (!this.stored) return failed(this.notFound(obj));
    if (!v.statusSubresource) return failed("the server could not find the requested resource");
    const r = v.validator.validateStatus(obj, this.stored);
    const answer = this.answer(r);
    this.ctx.onRequest?.({ crd: this.crd.raw, object: obj, old: this.stored, subresource: "status", answer });
    if (answer.error === null) this.stored = answer.object;
    return answer;
  }

  /** GET: the stored object as read through the CRD now installed (pruned and defaulted on read). */
  get(): JsonObject | null {
    if (!this.stored) return null;
    const v = this.versionOf(this.stored);
    if (typeof v === "string") return deepCopy(this.stored);
    return v.validator.decodeStored(deepCopy(this.stored));
  }

  /** Whether the object's version (of the CRD installed now) has the /status subresource. */
  hasStatusSubresource(obj: JsonObject): boolean {
    const v = this.versionOf(obj);
    return typeof v !== "string" && v.statusSubresource;
  }

  /** The validator of the object's version, or the client's error when no served version of the CRD matches. */
  private versionOf(obj: JsonObject): ServedVersion | string {
    const apiVersion = typeof obj.apiVersion === "string" ? obj.apiVersion : "";
    const kind = typeof obj.kind === "string" ? obj.kind : "";
    if (kind === "") return "Object 'Kind' is missing in the object";
    const { group, version } = splitApiVersion(apiVersion);
    const v = this.crd.versions.get(version);
    // controller-runtime's REST mapper: the client fails before sending anything.
    if (group !== this.crd.group || kind !== this.crd.kind || !v || !v.served)
      return `no matches for kind ${JSON.stringify(kind)} in version ${JSON.stringify(apiVersion)}`;
    let byVersion = this.ctx.validators.get(this.crd.raw);
    if (!byVersion) this.ctx.validators.set(this.crd.raw, (byVersion = new Map<string, ServedVersion>()));
    const known = byVersion.get(version);
    if (known) return known;
    const rv = resourceVersionFor(this.crd, v);
    if (!rv) return `version ${version} of the CRD has no schema`;
    const { minor } = this.ctx;
    const coverage = this.ctx.coverage;
    if (coverage)
      coverage.collector.track(this.crd.name ?? this.crd.kind, version, rv.schema, {
        minor,
        patched: this.patched,
        locate: coverage.locate(this.crd.raw, version),
      });
    const sink = coverage?.collector;
    const validator = createResourceValidator(rv, {
      minor,
      fieldValidation: this.ctx.fieldValidation,
      cel: celStageAt(this.ctx, rv.schema, sink),
      schemaValidators: this.ctx.schemaValidators,
      behind: false,
      ...(sink ? { coverage: sink } : {}),
      ...(this.ctx.releases ? { releases: this.ctx.releases } : {}),
    });
    const served = { validator, statusSubresource: rv.statusSubresource };
    byVersion.set(version, served);
    return served;
  }

  private notFound(obj: JsonObject): string {
    const meta = isPlainObject(obj.metadata) ? obj.metadata : {};
    return `${this.crd.kind.toLowerCase()}.${this.crd.group} ${JSON.stringify(meta.name ?? "")} not found`;
  }

  /** The handler's answer to one request through the pipeline: a 400 for decoding, a 422 for invalid, else success. */
  private answer(r: ResourceResult): Answer {
    const warnings: string[] = [];
    const errors: ResourceFinding[] = [];
    for (const f of r.findings) {
      if (f.hiddenBy) continue;
      if (f.severity === "warning") {
        // resource-cel-ratcheted is crdlint's note that a rule was ratcheted: the apiserver says nothing.
        if (f.rule === "resource-unknown-field") warnings.push(f.message);
        else if (f.rule === "resource-finalizer-name") warnings.push(`${f.field ?? ""}: ${f.message}`);
        continue;
      }
      errors.push(f);
    }
    const decoding = errors.find((f) => f.rule === "resource-decode-failed" || f.rule === "resource-unknown-field");
    if (decoding) return { error: decoding.detail ?? decoding.message, causes: [decoding], warnings, object: null };
    if (errors.length > 0) {
      const meta = isPlainObject(r.object) && isPlainObject(r.object.metadata) ? r.object.metadata : {};
      const name = typeof meta.name === "string" ? meta.name : "";
      const kind = this.crd.group === "" ? this.crd.kind : `${this.crd.kind}.${this.crd.group}`;
      const text = aggregateTexts(errors.map(fieldErrorText));
      return { error: `${kind} ${JSON.stringify(name)} is invalid: ${text}`, causes: errors, warnings, object: null };
    }
    return { error: null, causes: [], warnings, object: r.object as JsonObject };
  }
}

/** The CEL stage a release's apiserver validates a schema's resources with (null: CEL is off there). */
export function celStageAt(
  ctx: ApiserverContext,
  schema: Record<string, unknown>,
  coverage?: CoverageSink,
): CelStage | null {
  const { minor } = ctx;
  return ctx.cel && enabledByDefault(CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, minor)
    ? ctx.cel.stageFor(schema, { ratcheting: releaseHas(minor, "ratcheting"), coverage })
    : null;
}

function failed(error: string): Answer {
  return { error, causes: [], warnings: [], object: null };
}
