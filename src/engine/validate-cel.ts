/**
 * The CEL stage of `crdlint validate`: one CEL validator per CRD version (compiled once, every rule once), built
 * with the CEL runtime (loaded through src/cel/index.ts's loadCelRuntime; its API: src/cel/schema/runtime.ts), and its
 * errors turned into findings in the apiserver's words. Loaded on demand so that runs without CEL rules never import
 * the runtime.
 */
import type { ErrorType } from "../diagnostics/index.js";
import type { CelStage, ResourceFinding } from "../values/resource.js";
import type { CoverageSink } from "../values/coverage.js";
import { isPlainObject } from "../k8s/go.js";
import { releaseHas } from "../k8s/releases.js";
import type { CelFieldError, CompileShare } from "../cel/index.js";

export interface CelStages {
  /**
   * The CEL stage of one version's schema, or null when the schema has no x-kubernetes-validations. `coverage`: where
   * each rule evaluated is reported (held: passed; false or an evaluation error: failed; a failure ratcheting turns
   * into a warning, a transition rule without an old object, a rule the budget stops: nothing), unless a call says otherwise.
   */
  stageFor(schema: Record<string, unknown>, options: { ratcheting: boolean; coverage?: CoverageSink }): CelStage | null;
}

const TYPES: Record<string, ErrorType> = {
  Invalid: "Invalid value",
  TypeInvalid: "Invalid value",
  Forbidden: "Forbidden",
  Required: "Required value",
  Duplicate: "Duplicate value",
  InternalError: "Internal error",
  TooLong: "Too long",
  TooMany: "Too many",
  NotSupported: "Unsupported value",
};

/** True when a schema carries at least one x-kubernetes-validations rule anywhere (the apiserver runs CEL only then). */
export function hasCelRules(schema: unknown): boolean {
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const s = stack.pop();
    if (Array.isArray(s)) {
      stack.push(...(s as unknown[]));
      continue;
    }
    if (!isPlainObject(s)) continue;
    if (Array.isArray(s["x-kubernetes-validations"]) && s["x-kubernetes-validations"].length > 0) return true;
    for (const [k, v] of Object.entries(s))
      if (k !== "default" && k !== "enum" && k !== "example" && typeof v === "object") stack.push(v);
  }
  return false;
}

function toFinding(e: CelFieldError, ratcheted: boolean): ResourceFinding {
  const type = TYPES[e.type] ?? (e.type as ErrorType);
  const cost = /cost budget|call cost exceeds limit|cost limit exceeded/.test(e.detail);
  const f: ResourceFinding = {
    rule: ratcheted ? "resource-cel-ratcheted" : cost ? "resource-cel-cost-exceeded" : "resource-cel-rule-failed",
    severity: ratcheted ? "warning" : "error",
    field: e.field === "" ? null : e.field,
    docPath: e.fieldPath.toDocumentPath(),
    type,
    message: e.detail,
  };
  if (e.value !== null && e.value !== undefined) f.value = e.value;
  return f;
}

/**
 * What the CEL stages of several releases share: each rule's compilation (src/cel/schema/compile.ts), whether a
 * schema has rules at all, and where (one walk per schema object).
 */
export interface SharedCelStages {
  compile?: CompileShare;
  readonly hasRules: WeakMap<object, boolean>;
  /** Which nodes have rules at or below them: each release's validator enters only those. */
  readonly ruleNodes: WeakMap<object, boolean>;
  /** The checked ASTs' signatures (the validators' signatures): compilations are shared between releases. */
  readonly signatures: WeakMap<object, string>;
}

/** What the CEL stages of a run's releases share, before the first of them loads the CEL modules. */
export function createSharedCelStages(): SharedCelStages {
  return { hasRules: new WeakMap(), ruleNodes: new WeakMap(), signatures: new WeakMap() };
}

/** The CEL stages for one validate run (the runtime is loaded only by a run that validates). */
export async function loadCelStages(minor: number, shared?: SharedCelStages): Promise<CelStages> {
  const cel = await import("../cel/index.js");
  const { createCelValidator, createCelCompiler, createFunctionRegistry } = await cel.loadCelRuntime();
  // One compiler for the run: resources of the same kind share its compiled rules. Over several releases the compilers
  // share each rule's compilation with the releases whose environments answer its reads alike (src/cel/schema/compile.ts).
  const compiler = createCelCompiler(minor, "new", shared && (shared.compile ??= cel.createCompileShare()));
  // One function registry for the run's validators, over the compiler's environment (one per validator was measurable).
  let registry: ReturnType<typeof createFunctionRegistry> | undefined;
  // A schema's validator keeps nothing between validations: the stages of a schema (one per field validation a run
  // uses, say) share it, and a stage without coverage is one per ratcheting setting.
  const validators = new WeakMap<object, ReturnType<typeof createCelValidator>>();
  const stages = new WeakMap<object, Map<boolean, CelStage>>();
  return {
    stageFor(schema, options) {
      let has = shared?.hasRules.get(schema);
      if (has === undefined) {
        has = hasCelRules(schema);
        shared?.hasRules.set(schema, has);
      }
      if (!has) return null;
      const plain = options.coverage === undefined;
      const known = plain ? stages.get(schema)?.get(options.ratcheting) : undefined;
      if (known) return known;
      const cel =
        validators.get(schema) ??
        createCelValidator(schema, true, {
          minor,
          compiler,
          registry: (registry ??= createFunctionRegistry(compiler.env)),
          ruleNodes: shared?.ruleNodes,
          signatures: shared?.signatures,
        });
      validators.set(schema, cel);
      const stage: CelStage = {
        // Ratcheting is the release's (the validator asks it) unless turned off at a release that has it.
        get releaseKey() {
          return [...cel.releaseKey, options.ratcheting === false && releaseHas(minor, "ratcheting")];
        },
        validate(obj, old, call) {
          const coverage = call?.coverage !== undefined ? (call.coverage ?? undefined) : options.coverage;
          const r = cel.validate(obj, old, { ratcheting: options.ratcheting, coverage, release: call?.release });
          return [...r.errors.map((e) => toFinding(e, false)), ...r.warnings.map((e) => toFinding(e, true))];
        },
      };
      if (plain) {
        let byRatcheting = stages.get(schema);
        if (!byRatcheting) stages.set(schema, (byRatcheting = new Map<boolean, CelStage>()));
        byRatcheting.set(options.ratcheting, stage);
      }
      return stage;
    },
  };
}
