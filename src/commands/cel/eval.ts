/**
 * `crdlint cel eval`: one CEL expression compiled as an x-kubernetes-validations rule at a node of a CRD version's
 * schema (the apiserver's environment, libraries and `self`/`oldSelf` types of the release asked for), evaluated on
 * the value of a custom resource there (and of an old one, for a transition rule) with the apiserver's runtime cost,
 * and estimated as the apiserver estimates a rule there (`crdlint cost`'s figures).
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/compilation.go (Compile), validation.go (validateExpressions)
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (rule cost and oldSelf checks)
import { UsageError } from "../../engine/files.js";
import { readInput, DEFAULT_MAX_FILE_SIZE_BYTES, type StdinReader } from "../../load/files.js";
import { loadText } from "../../load/document.js";
import { buildCrdView, isCrd, isObject, type JsonObject, type SchemaScope } from "../../crd/model.js";
import { servedAsV1 } from "../../crd/v1beta1.js";
import { ancestry } from "../../crd/schema.js";
import { splitApiVersion } from "../../k8s/builtin.js";
import { DEFAULT_KUBERNETES_VERSION, parseKubernetesVersion } from "../../k8s/version.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, enabledByDefault } from "../../k8s/releases.js";
import { createResourceValidator, resourceVersionOf } from "../../values/resource.js";
import {
  createCelCompiler,
  estimateWithReleaseChange,
  expressionCost,
  formatCompileErrors,
  loadCelRuntime,
  outputTypeText,
  referencesVariable,
  ruleCardinality,
  schemaCostVerdict,
  suggestBounds,
  unboundedCardinality,
  STATIC_ESTIMATED_COST_LIMIT,
  type CompileResult,
} from "../../cel/index.js";
import { ruleDeclType } from "../../rules/cel-compiled.js";
import { uncorrelatableRoot } from "../../rules/cel-compile/cel-old-self-uncorrelatable.js";
import typeInfoFailed from "../../rules/cel-compile/cel-type-info-failed.js";
import { EXPLAIN_FRACTION } from "../../rules/cel-cost/schema-costs.js";
import type { CelEvalEstimate, CelEvalEvaluation, CelEvalResult } from "../../report/cel-eval.js";
import { resolveSchemaPath, selectValues, type ResolvedPath } from "./path.js";

/** A file (`-`: standard input), a text, or a value already read. */
export type CelEvalInput = string | { text: string; file?: string } | { value: unknown };

export interface CelEvalOptions {
  /** The CRD: a file holding it (among other documents), its text, or the object. */
  crd: CelEvalInput;
  /** metadata.name of the CRD, when the input holds several. */
  crdName?: string;
  /** The version whose schema types `self` (default: the storage version). */
  version?: string;
  /** Where in the schema `self` is: `spec.ports[*]`, `spec.ports[0]`, `spec.labels['app']` (default: the root). */
  path?: string;
  /** A custom resource: `self` is its value at the path (each value, for `[*]`). */
  object?: CelEvalInput;
  /** The object before the update: `oldSelf`, paired with `self` as the apiserver pairs them. */
  oldObject?: CelEvalInput;
  /** Evaluate as a rule with optionalOldSelf: true (`oldSelf` is an optional; optional.none() without an old value). */
  optionalOldSelf?: boolean;
  /** Target Kubernetes release, `1.N` (default: the newest crdlint knows). */
  kubernetesVersion?: string;
  cwd?: string;
  stdin?: StdinReader;
  maxFileSizeBytes?: number;
}

const OPTION_NAMES = [
  "crd",
  "crdName",
  "version",
  "path",
  "object",
  "oldObject",
  "optionalOldSelf",
  "kubernetesVersion",
  "cwd",
  "stdin",
  "maxFileSizeBytes",
];

/** Per-evaluation limit and per-request budget of the runtime (celconfig.PerCallLimit, RuntimeCELCostBudget). */
interface RuntimeLimits {
  perCallLimit: number;
  budget: number;
}

function checkEvalOptions(expression: unknown, o: CelEvalOptions): number {
  const errors: string[] = [];
  if (typeof expression !== "string") errors.push(`expression: expected a string, got ${typeof expression}`);
  if (typeof o !== "object" || o === null) throw new UsageError("options: expected an object with at least crd");
  for (const key of Object.keys(o))
    if (!OPTION_NAMES.includes(key) && (o as unknown as Record<string, unknown>)[key] !== undefined)
      errors.push(`unknown option "${key}" (expected ${OPTION_NAMES.join(", ")})`);
  const isInput = (v: unknown) =>
    typeof v === "string" || (isObject(v) && (typeof v.text === "string" || "value" in v));
  if (!isInput(o.crd)) errors.push("crd: expected a file, { text } or { value }");
  for (const key of ["object", "oldObject"] as const)
    if (o[key] !== undefined && !isInput(o[key])) errors.push(`${key}: expected a file, { text } or { value }`);
  for (const key of ["crdName", "version", "path", "kubernetesVersion", "cwd"] as const)
    if (o[key] !== undefined && typeof o[key] !== "string") errors.push(`${key}: expected a string`);
  if (o.optionalOldSelf !== undefined && typeof o.optionalOldSelf !== "boolean")
    errors.push("optionalOldSelf: expected a boolean");
  const v = parseKubernetesVersion(o.kubernetesVersion ?? DEFAULT_KUBERNETES_VERSION);
  if (!v.ok) errors.push(`kubernetesVersion: ${v.error}`);
  if (errors.length) throw new UsageError(errors.join("; "));
  return v.ok ? v.value.minor : 0;
}

/** The documents of an input (a file, standard input or a text), or the value given. */
async function documentsOf(what: string, input: CelEvalInput, o: CelEvalOptions): Promise<unknown[]> {
  if (typeof input !== "string") {
    if ("value" in input) return [input.value];
    return parsed(what, input.file ?? "<text>", input.text);
  }
  let read;
  try {
    read = await readInput(input, {
      cwd: o.cwd ?? process.cwd(),
      maxFileSizeBytes: o.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES,
      ...(o.stdin ? { stdin: o.stdin } : {}),
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${what} ${input}: ${code === "ENOENT" ? "no such file" : (e as Error).message}`);
  }
  if ("problem" in read) throw new UsageError(`cannot read ${what} ${input}: ${read.message}`);
  return parsed(what, input, read.text);
}

function parsed(what: string, file: string, text: string): unknown[] {
  const loaded = loadText(text);
  const fatal = loaded.problems[0];
  if (fatal) throw new UsageError(`cannot read ${what} ${file}: line ${fatal.range.start.line}: ${fatal.message}`);
  return loaded.documents.map((d) => d.value).filter((v) => v !== null && v !== undefined);
}

/** The CRD the options name (by metadata.name when the input holds several), as served in v1. */
async function chooseCrd(o: CelEvalOptions): Promise<JsonObject> {
  const where = typeof o.crd === "string" ? o.crd : "the CRD given";
  const crds = (await documentsOf("--crd", o.crd, o)).filter(isCrd);
  const name = (c: JsonObject) => (isObject(c.metadata) && typeof c.metadata.name === "string" ? c.metadata.name : "");
  if (crds.length === 0) throw new UsageError(`${where} holds no CustomResourceDefinition`);
  if (o.crdName !== undefined) {
    const found = crds.filter((c) => name(c) === o.crdName);
    if (found.length === 0)
      throw new UsageError(`${where} holds no CRD named ${o.crdName} (it holds ${crds.map(name).join(", ")})`);
    return servedAsV1(found[found.length - 1]!);
  }
  if (crds.length > 1)
    throw new UsageError(`${where} holds ${crds.length} CRDs (${crds.map(name).join(", ")}): choose one with --name`);
  return servedAsV1(crds[0]!);
}

/** The version asked for, else the storage version (else the first); and the schema it carries. */
function chooseVersion(
  crd: JsonObject,
  asked: string | undefined,
): { name: string; raw: JsonObject; scope: SchemaScope } {
  const view = buildCrdView(crd);
  const names = view.versions.map((v) => v.name);
  const v =
    asked !== undefined
      ? view.versions.find((x) => x.name === asked)
      : (view.versions.find((x) => x.raw.storage === true) ?? view.versions[0]);
  if (!v)
    throw new UsageError(
      asked !== undefined
        ? `the CRD has no version ${asked} (its versions: ${names.join(", ") || "none"})`
        : "the CRD has no versions",
    );
  const scope = view.schemas.find((s) => s.versions.some((x) => x.index === v.index));
  if (!scope) throw new UsageError(`version ${v.name} of the CRD has no schema.openAPIV3Schema: no rule runs on it`);
  return { name: v.name, raw: v.raw, scope };
}

/** One object of an input: the only document, or the only one of the CRD's kind. */
async function oneObject(what: string, input: CelEvalInput, o: CelEvalOptions, kind: string): Promise<JsonObject> {
  const docs = await documentsOf(what, input, o);
  const objects = docs.filter(isObject);
  const ofKind = objects.length > 1 ? objects.filter((d) => d.kind === kind) : objects;
  const where = typeof input === "string" ? `${what} ${input}` : what;
  if (ofKind.length === 0) throw new UsageError(`${where} holds no object${objects.length ? ` of kind ${kind}` : ""}`);
  if (ofKind.length > 1) throw new UsageError(`${where} holds ${ofKind.length} objects of kind ${kind}: give one`);
  return ofKind[0]!;
}

/** The object's apiVersion and kind, when it has them, must be the CRD version's. */
function checkKind(what: string, obj: JsonObject, group: string, kind: string, version: string): void {
  if (typeof obj.kind === "string" && obj.kind !== kind)
    throw new UsageError(`${what} is a ${obj.kind}, the CRD defines ${kind}`);
  if (typeof obj.apiVersion === "string") {
    const gv = splitApiVersion(obj.apiVersion);
    if (gv.group !== group) throw new UsageError(`${what} is in group ${gv.group || "(core)"}, the CRD's is ${group}`);
    if (gv.version !== version)
      throw new UsageError(
        `${what} is ${obj.apiVersion}, the schema is version ${version}: evaluate against version ${gv.version} (--crd-version ${gv.version})`,
      );
  }
}

function percent(cost: bigint, limit: bigint): number {
  return Number((cost * 10000n) / limit) / 100;
}

/** The rule's estimate at the node, as `crdlint cost` computes a rule's, with the drivers and a fix past half the limit. */
function estimateAt(path: ResolvedPath, compiled: CompileResult, minor: number): CelEvalEstimate | undefined {
  if (!compiled.ast || !compiled.rootDecl) return undefined;
  const { estimatedCost, releaseChange } = estimateWithReleaseChange(compiled.ast, compiled.rootDecl, minor);
  const nodePath = ancestry(path.node).map((n) => n.schema);
  const cardinality = ruleCardinality(nodePath);
  const minSize = compiled.rootDecl.minSize;
  const totalCost = expressionCost(estimatedCost, cardinality, minSize);
  const limit = STATIC_ESTIMATED_COST_LIMIT;
  const out: CelEvalEstimate = {
    estimatedCost,
    maxCardinality: cardinality === "unbounded" ? unboundedCardinality(minSize) : cardinality,
    cardinalityUnbounded: cardinality === "unbounded",
    totalCost,
    limit,
    exceedsLimit: totalCost > limit,
    percentOfLimit: percent(totalCost, limit),
  };
  if (releaseChange) out.releaseChange = releaseChange.text;
  if (totalCost > BigInt(Math.floor(Number(limit) * EXPLAIN_FRACTION))) {
    try {
      const x = suggestBounds({
        root: path.node.scope.root,
        nodePath,
        ast: compiled.ast,
        rootDecl: compiled.rootDecl,
        kind: "rule",
        kubernetesMinor: minor,
      });
      out.drivers = x.drivers.map((d) => d.text);
      if (x.suggestion) out.suggestion = x.suggestion.text;
      else if (x.noFix) out.suggestion = x.noFix;
    } catch {
      // the explanation is an aid: an estimator that cannot re-run leaves the figures as they are
    }
  }
  return out;
}

/** Where the apiserver would report the expression: the node's next x-kubernetes-validations entry. */
function ruleFieldOf(path: ResolvedPath): string {
  const rules = path.node.schema["x-kubernetes-validations"];
  const n = Array.isArray(rules) ? rules.length : 0;
  return path.node.path.apiserver.child("x-kubernetes-validations").index(n).child("rule").toString();
}

/**
 * Compiles `expression` as a rule at `options.path` of the CRD version's schema, evaluates it on the object's values
 * there, and estimates it. Throws UsageError for what cannot be answered (an unreadable file, no such CRD, version
 * or path, an object without a value there, `self` or `oldSelf` read without the object that gives it).
 */
export async function celEval(expression: string, options: CelEvalOptions): Promise<CelEvalResult> {
  const minor = checkEvalOptions(expression, options);
  const release = `1.${minor}`;
  if (!enabledByDefault(CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, minor))
    throw new UsageError(
      `Kubernetes ${release} drops x-kubernetes-validations (${CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.name} is off by default before 1.${CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.onByDefault}): no rule is compiled or run`,
    );
  const crd = await chooseCrd(options);
  const version = chooseVersion(crd, options.version);
  const path = resolveSchemaPath(version.scope, options.path ?? "");
  if (typeof path === "string") throw new UsageError(path);

  const compiler = createCelCompiler(minor);
  const optionalOldSelf = options.optionalOldSelf === true;
  const typeInfo = ruleDeclType(path.node, compiler);
  const rootDecl = typeInfo?.decl;
  const compiled = compiler.compileRule({
    schema: path.node.schema,
    isResourceRoot: path.node.isResourceRoot,
    expression,
    kind: "rule",
    optionalOldSelf,
    ...(rootDecl ? { rootDecl } : {}),
  });
  const runtime = await loadCelRuntime();
  const limits: RuntimeLimits = { perCallLimit: runtime.PER_CALL_LIMIT, budget: runtime.RUNTIME_CEL_COST_BUDGET };
  const view = buildCrdView(crd);
  const result: CelEvalResult = {
    kubernetesVersion: release,
    crd: { name: view.name, version: version.name },
    path: path.text,
    ruleField: ruleFieldOf(path),
    expression,
    compiled: compiled.ok,
    usesOldSelf: compiled.usesOldSelf,
    optionalOldSelf,
    evaluations: [],
    runtime: { cost: 0, ...limits, exceedsBudget: false },
    rejected: [],
    ok: false,
    notes: [],
  };
  if (!rootDecl) {
    // The apiserver cannot type a rule here (a node above or at it has no CEL type): it compiles nothing.
    result.compiled = false;
    // Type information without a type (the items of an object) fails cel.Compile; none at all fails before it.
    const messageId = typeInfo ? "declTypeMissing" : "typeInfoFailed";
    result.compileError = typeInfoFailed.messages?.[messageId] ?? "cannot type self here";
    result.notes.push(
      typeInfo
        ? "the parent's CEL type has no element type for this node (`items` under `type: object`, which the apiserver accepts): its rules cannot be compiled, which crdlint lint reports"
        : "a node from the topmost one with rules down to this one has no CEL type: the schema has an error there, which crdlint lint reports",
    );
    return result;
  }
  if (!compiled.ok || !compiled.ast) {
    result.compileError = `compilation failed: ${formatCompileErrors(compiled.errors)}`;
    return result;
  }
  result.type = outputTypeText(compiled);
  const estimate = estimateAt(path, compiled, minor);
  if (estimate) result.estimate = estimate;
  judgeAsRule(result, path, compiled, estimate);

  const usesSelf = referencesVariable(compiled.ast, "self");
  const usesOld = compiled.usesOldSelf;
  const spec = isObject(crd.spec) ? crd.spec : {};
  const names = isObject(spec.names) ? spec.names : {};
  const kind = typeof names.kind === "string" ? names.kind : "";
  const group = typeof spec.group === "string" ? spec.group : "";
  if ((usesSelf || usesOld) && options.object === undefined)
    throw new UsageError(
      `the expression reads ${usesSelf ? "self" : "oldSelf"}: give the custom resource it is evaluated on (--object${usesOld ? ", and --old for oldSelf" : ""}); without one only an expression that reads neither self nor oldSelf is evaluated (a rule runs only where self has a value)`,
    );
  if (usesOld && options.oldObject === undefined && !optionalOldSelf)
    throw new UsageError(
      "the expression reads oldSelf (a transition rule, run on updates only): give the object before the update (--old), or evaluate it as a rule with optionalOldSelf",
    );
  if (options.oldObject !== undefined && !usesOld)
    result.notes.push("the old object is not read: the expression does not use oldSelf");

  // The objects as the apiserver's CEL sees them: decoded as it decodes them (unknown fields pruned, defaults set).
  const rv = resourceVersionOf(group, kind, spec.scope !== "Cluster", version.name, version.raw);
  const decoder = rv ? createResourceValidator(rv, { minor, fieldValidation: "ignore" }) : null;
  let object: unknown;
  let old: unknown;
  if (options.object !== undefined) {
    const raw = await oneObject("--object", options.object, options, kind);
    checkKind("--object", raw, group, kind, version.name);
    object = decoder?.decodeStored(raw) ?? raw;
  }
  if (options.oldObject !== undefined && usesOld) {
    const raw = await oneObject("--old", options.oldObject, options, kind);
    checkKind("--old", raw, group, kind, version.name);
    old = decoder?.decodeStored(raw) ?? raw;
  }

  let selected: { field: string; value: unknown; old: unknown }[];
  if (object === undefined) {
    // Nothing reads self: one evaluation, at the path itself.
    selected = [{ field: path.text, value: undefined, old: undefined }];
  } else {
    const s = selectValues(path, object, old, runtime.findOldItem);
    if (s.values.length === 0) throw new UsageError(`--object: ${s.why ?? "no value at the path"}`);
    selected = s.values.map((v) => ({ field: v.field.toString(), value: v.value, old: v.old }));
  }

  const evaluator = runtime.createExpressionEvaluator(compiler, compiled, {
    optionalOldSelf,
    perCallLimit: limits.perCallLimit,
  });
  let budget = limits.budget;
  for (const s of selected) {
    const field = s.field;
    const hasOld = s.old !== undefined && s.old !== null;
    if (usesOld && !hasOld && !optionalOldSelf && old !== undefined) {
      result.evaluations.push({
        field,
        cost: 0,
        skipped: "no old value pairs with this one (a transition rule runs only where it does)",
      });
      continue;
    }
    const e = evaluator.evaluate(s.value, usesOld && hasOld ? s.old : undefined);
    const row: CelEvalEvaluation = { field, cost: e.cost };
    if (e.error !== undefined) row.error = e.error;
    else {
      row.value = e.value;
      row.text = e.text;
    }
    if (e.cancelled) row.cancelled = true;
    result.evaluations.push(row);
    result.runtime.cost += e.cost;
    budget -= e.cost;
  }
  result.runtime.exceedsBudget = budget < 0;
  result.ok =
    result.rejected.length === 0 &&
    !result.runtime.exceedsBudget &&
    result.evaluations.every((e) => e.error === undefined);
  if (result.evaluations.length > 0 && result.evaluations.every((e) => e.skipped))
    result.notes.push("no value of the object pairs with an old one here: the apiserver would not run this rule");
  return result;
}

/** The apiserver's objections to the expression as a rule at the node (beyond compiling). */
function judgeAsRule(
  result: CelEvalResult,
  path: ResolvedPath,
  compiled: CompileResult,
  estimate: CelEvalEstimate | undefined,
): void {
  const bool = compiled.outputType?.kind === "bool";
  if (!bool)
    result.notes.push(
      `the value is ${/^[aeiou]/.test(result.type ?? "") ? "an" : "a"} ${result.type ?? "?"}, not a bool: as an x-kubernetes-validations rule the apiserver rejects it (cel expression must evaluate to a bool)`,
    );
  if (bool && compiled.usesOldSelf) {
    const root = uncorrelatableRoot(path.node);
    if (root)
      result.rejected.push(
        `oldSelf cannot be used on the uncorrelatable portion of the schema within ${root.path.apiserver.toString()}`,
      );
  }
  if (bool && estimate?.exceedsLimit) {
    const verdict = schemaCostVerdict([{ path: result.ruleField, kind: "rule", cost: estimate.totalCost }], "");
    const finding = verdict.findings.find((f) => f.kind === "rule-exceeds-budget");
    if (finding) result.rejected.push(finding.detail);
  }
}
