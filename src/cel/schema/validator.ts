/**
 * The CEL validator of custom resources: walks a structural schema and a value, evaluating every node's
 * x-kubernetes-validations rules with `self` / `oldSelf`, under the per-call cost limit and the per-request budget,
 * producing the apiserver's field errors (message, messageExpression, reason, fieldPath) and ratcheting unchanged
 * values on update.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go (Validator.validate, validateExpressions, evalMessageExpression, fieldErrorForReason, ValidFieldPath, MapIsCorrelatable)
// Upstream: kubernetes/apiserver:pkg/cel/common/equality.go (CorrelatedObject), pkg/apis/cel/config.go (PerCallLimit, RuntimeCELCostBudget)
import { createCelCompiler, formatCompileErrors, type CelCompiler, type CompileResult } from "./compile.js";
import type { CheckedAst } from "../core/types.js";
import type { Expr } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import { FieldPath } from "../../k8s/path.js";
import { validFieldPath } from "../../k8s/field-path.js";
import { renderValue } from "../../k8s/validation.js";
import { Interpreter, type EvalOutcome } from "../core/interpreter/interp.js";
import { RuleActivation } from "./evaluate.js";
import type { FunctionRegistry } from "../core/interpreter/functions.js";
import { createKubernetesFunctionRegistry } from "../k8s/runtime.js";
import { CelErr, OptionalV, isErr, toVal, type Result } from "../core/interpreter/values.js";
import { isPlainObject } from "../../k8s/go.js";
import { releaseHas, type Release } from "../../k8s/releases.js";

export const PER_CALL_LIMIT = 1_000_000;
export const RUNTIME_CEL_COST_BUDGET = 10_000_000;
/** celconfig.MaxEvaluatedMessageExpressionSizeBytes */
const MAX_MESSAGE_EXPRESSION_BYTES = 5 * 1024;

export interface CelValidatorOptions {
  /** Target Kubernetes minor (1.N): libraries and their error texts. */
  minor: number;
  perCallLimit?: number;
  budget?: number;
  /** The run's compiler (it must be for `minor`), so that validators share its caches; a new one otherwise. */
  compiler?: CelCompiler;
  /** The run's function registry over that compiler's environment (building one per validator was measurable). */
  registry?: FunctionRegistry;
  /**
   * The schema keeps optionalOldSelf although CRDValidationRatcheting is off: an update whose OLD sets it
   * (dropDisabledFields keeps NEW's then).
   */
  keepsOptionalOldSelf?: boolean;
  /**
   * Which schema nodes have rules at or below them (rulesBelow), for validators built from the same schema objects:
   * the releases of a range run share it, so the schema is walked once, not once per release.
   */
  ruleNodes?: WeakMap<object, boolean>;
  /** The signatures of checked ASTs (astSignature), for validators whose rules share compilations. */
  signatures?: WeakMap<object, string>;
}

export interface CelFieldError {
  path: (string | number)[];
  /** The same path with its segment kinds (field, map key, index), relative to basePath's root. */
  fieldPath: FieldPath;
  /** The value before rendering (present when `value` is not null). */
  rawValue?: unknown;
  field: string;
  type: "Invalid" | "Forbidden" | "Required" | "Duplicate" | "InternalError" | string;
  value: string | null;
  detail: string;
  message: string;
  rule?: string;
}

export interface CelValidateResult {
  errors: CelFieldError[];
  /** Errors ratcheted on update (the apiserver returns them as warnings). */
  warnings: CelFieldError[];
  remainingBudget: number;
}

/** Where each rule evaluated is reported (values/coverage.ts's CoverageSink; src/cel does not import upward). */
export interface RuleCoverageSink {
  /** `node`: the schema object the rule is written on; `check`: `rule[<index in x-kubernetes-validations>]`. */
  record(node: object, check: string, failed: boolean): void;
}

export interface CelValidator {
  validate(
    obj: unknown,
    oldObj: unknown | undefined,
    opts?: {
      basePath?: (string | number)[];
      budget?: number;
      ratcheting?: boolean;
      /**
       * A rule that held passed; one that was false or failed to evaluate (no overload, an evaluation error, the
       * per-call cost limit) failed. A failure ratcheting turns into a warning, a transition rule without an old value,
       * a rule that does not compile, and a rule the budget stops record nothing.
       */
      coverage?: RuleCoverageSink;
      /** The release as this validation asks it (a ReleaseReads notes what it asks); absent: the validator's own. */
      release?: Release;
    },
  ): CelValidateResult;
  /**
   * What the validator's answers take from its release beyond what a validation asks of `release`: each rule's
   * compilation and the release's settings its evaluation can meet. Validators whose keys are equal item by item
   * answer alike (src/values/resource.ts's ReleaseResultShare).
   */
  readonly releaseKey: readonly unknown[];
}

type Schema = Record<string, unknown>;

interface Rule {
  /** `rule[i]`: its place in x-kubernetes-validations (coverage's check name). */
  check: string;
  rule: string;
  message: string;
  messageExpression: string;
  reason: string | undefined;
  fieldPath: string;
  optionalOldSelf: boolean;
}

interface CompiledRule {
  spec: Rule;
  result: CompileResult;
  program: Interpreter | null;
  messageProgram: Interpreter | null;
  messageError: string | null;
  normalizedFieldPath: FieldPath | null;
}

interface Node {
  schema: Schema;
  /** The schema object the rules are written on (an allOf branch, or the node itself). */
  source: Schema;
  isResourceRoot: boolean;
  rules: CompiledRule[];
  items: Node | null;
  properties: Map<string, Node> | null;
  additionalProperties: Node | null;
  allOf: Node[];
}

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

function rulesOf(schema: Schema): Rule[] {
  const xv = schema["x-kubernetes-validations"];
  if (!Array.isArray(xv)) return [];
  return xv.flatMap((r: unknown, i) => (isPlainObject(r) ? [{ ...ruleOf(r), check: `rule[${i}]` }] : []));
}

/**
 * Whether a node of a validation schema, or one below it (through items, properties, additionalProperties and
 * allOf, as the validator is built), has rules: each node's answer is kept in `memo`. A node without is given no
 * validator (compileNode would return null for it), so the walk that builds one need not enter it.
 */
function rulesBelow(s: Schema, memo: WeakMap<object, boolean>): boolean {
  let has = memo.get(s);
  if (has !== undefined) return has;
  has = rulesOf(s).length > 0;
  const visit = (c: unknown): void => {
    if (isPlainObject(c) && rulesBelow(c, memo)) has = true;
  };
  visit(s["items"]);
  visit(s["additionalProperties"]);
  const props = s["properties"];
  if (isPlainObject(props)) for (const k in props) visit(props[k]);
  const allOf = s["allOf"];
  if (Array.isArray(allOf)) for (const b of allOf) visit(b);
  memo.set(s, has);
  return has;
}

function ruleOf(r: Record<string, unknown>): Omit<Rule, "check"> {
  return {
    rule: str(r["rule"]),
    message: str(r["message"]),
    messageExpression: str(r["messageExpression"]),
    reason: typeof r["reason"] === "string" ? r["reason"] : undefined,
    fieldPath: str(r["fieldPath"]),
    optionalOldSelf: r["optionalOldSelf"] === true,
  };
}

function hasXValidations(s: unknown): boolean {
  if (!isPlainObject(s)) return false;
  if (rulesOf(s).length > 0) return true;
  if (hasXValidations(s["items"])) return true;
  if (hasXValidations(s["additionalProperties"])) return true;
  const props = s["properties"];
  if (isPlainObject(props)) for (const p of Object.values(props)) if (hasXValidations(p)) return true;
  return false;
}

/**
 * ValidFieldPath: `.a.b`, `['x.y']` into path segments (child for properties, key under additionalProperties), or
 * null for a path the CRD's validation refused. One parser with the CRD-side check (src/k8s/field-path.ts): it
 * reads the schema as its structural form does, where an empty `properties` is no properties at all.
 */
export function normalizeFieldPath(jsonPath: string, schema: Schema): FieldPath | null {
  const r = validFieldPath(jsonPath, schema);
  return r.ok ? r.path : null;
}

/** The apiserver's field.Error string. */
function render(path: FieldPath, type: string, value: string | null, detail: string): string {
  const field = path.toString() === "" ? "<nil>" : path.toString();
  let body: string;
  switch (type) {
    case "Required":
      body = "Required value";
      break;
    case "Forbidden":
      body = "Forbidden";
      break;
    case "InternalError":
      body = "Internal error";
      break;
    case "Duplicate":
      body = value === null ? "Duplicate value" : `Duplicate value: ${value}`;
      break;
    default:
      body = value === null ? "Invalid value" : `Invalid value: ${value}`;
  }
  if (detail !== "") body += `: ${detail}`;
  return `${field}: ${body}`;
}

function fieldError(
  path: FieldPath,
  type: string,
  raw: { v: unknown } | null,
  detail: string,
  rule?: string,
): CelFieldError {
  const value = raw === null ? null : renderValue(raw.v);
  const e: CelFieldError = {
    path: path.toDocumentPath(),
    fieldPath: path,
    field: path.toString(),
    type,
    value,
    detail: type === "Duplicate" ? "" : detail,
    message: render(path, type, value, type === "Duplicate" ? "" : detail),
  };
  if (raw !== null) e.rawValue = raw.v;
  if (rule !== undefined) e.rule = rule;
  return e;
}

function ruleErrorString(r: Rule): string {
  return r.message.length > 0 ? r.message.trim() : r.rule.trim();
}

function ruleMessageOrDefault(r: Rule): string {
  return r.message.length === 0 ? `failed rule: ${ruleErrorString(r)}` : r.message.trim();
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === "bigint" || typeof b === "bigint")
    return typeof a !== "object" && typeof b !== "object" && Number(a) === Number(b) && String(a) === String(b);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/** A node of the ratcheting correlation (common.CorrelatedObject): new and old value where they correlate. */
interface Correlation {
  value: unknown;
  old: unknown;
  schema: Schema;
  equal?: boolean;
}

/**
 * CorrelatedObject.CachedDeepEqual: objects compare through their correlated children (a key without a schema, or
 * missing on one side, makes them unequal), list-type map lists item by key, other lists and scalars with deep
 * equality.
 */
function cachedDeepEqual(c: Correlation | null): boolean {
  if (!c) return false;
  if (c.equal !== undefined) return c.equal;
  let eq: boolean;
  const { value, old } = c;
  if ((value === null || value === undefined) && (old === null || old === undefined)) eq = true;
  else if (value === null || value === undefined || old === null || old === undefined) eq = false;
  else if (Array.isArray(value) !== Array.isArray(old) || isPlainObject(value) !== isPlainObject(old)) eq = false;
  else if (Array.isArray(value) && Array.isArray(old)) {
    if (value.length !== old.length) eq = false;
    else if (!listMapKeys(c.schema)) eq = deepEqual(old, value);
    else {
      eq = true;
      for (let i = 0; i < value.length && eq; i++) {
        const child = correlateIndex(c, i);
        eq = child !== null && cachedDeepEqual(child);
      }
    }
  } else if (isPlainObject(value) && isPlainObject(old)) {
    const keys = Object.keys(value);
    if (keys.length !== Object.keys(old).length) eq = false;
    else {
      eq = true;
      for (const k of keys) {
        const child = correlateKey(c, k);
        if (child === null || !cachedDeepEqual(child)) {
          eq = false;
          break;
        }
      }
    }
  } else eq = deepEqual(old, value);
  c.equal = eq;
  return eq;
}

interface Ratchet {
  current: Correlation | null;
  nearestParent: Correlation | null;
}

function correlateKey(c: Correlation, field: string): Correlation | null {
  if (!isPlainObject(c.value) || !isPlainObject(c.old)) return null;
  const props = c.schema["properties"];
  let sub: unknown = isPlainObject(props) ? props[field] : undefined;
  if (!isPlainObject(sub) && isPlainObject(c.schema["additionalProperties"])) sub = c.schema["additionalProperties"];
  if (!isPlainObject(sub)) return null;
  if (!Object.prototype.hasOwnProperty.call(c.value, field) || !Object.prototype.hasOwnProperty.call(c.old, field))
    return null;
  return { value: c.value[field], old: c.old[field], schema: sub };
}

function listMapKeys(schema: Schema): string[] | null {
  if (schema["x-kubernetes-list-type"] !== "map") return null;
  const keys = schema["x-kubernetes-list-map-keys"];
  return Array.isArray(keys) && keys.length > 0 ? (keys as string[]) : null;
}

/** The old item a list-type map list's item correlates with (by its map keys, defaults counted); undefined otherwise. */
export function findOldItem(schema: Schema, oldList: unknown, item: unknown): unknown {
  const keys = listMapKeys(schema);
  if (!keys || !Array.isArray(oldList) || !isPlainObject(item)) return undefined;
  const items = isPlainObject(schema["items"]) ? (schema["items"] as Schema) : {};
  const props = isPlainObject(items["properties"]) ? (items["properties"] as Schema) : {};
  const keyOf = (o: Record<string, unknown>, k: string) => {
    if (Object.prototype.hasOwnProperty.call(o, k)) return o[k];
    const ps = props[k];
    return isPlainObject(ps) ? ps["default"] : undefined;
  };
  for (const o of oldList) {
    if (!isPlainObject(o)) continue;
    if (keys.every((k) => deepEqual(keyOf(o, k), keyOf(item, k)))) return o;
  }
  return undefined;
}

function correlateIndex(c: Correlation, i: number): Correlation | null {
  if (!Array.isArray(c.value) || !Array.isArray(c.old)) return null;
  const items = c.schema["items"];
  if (!isPlainObject(items)) return null;
  const old = findOldItem(c.schema, c.old, c.value[i]);
  if (old === undefined) return null;
  return { value: c.value[i], old, schema: items };
}

function keyRatchet(r: Ratchet, field: string): Ratchet {
  if (!r.current) return r;
  if (!r.nearestParent && (field === "apiVersion" || field === "kind")) return { current: null, nearestParent: null };
  return { current: correlateKey(r.current, field), nearestParent: r.current };
}

function indexRatchet(r: Ratchet, i: number): Ratchet {
  if (!r.current) return r;
  return { current: correlateIndex(r.current, i), nearestParent: r.current };
}

function shouldRatchet(r: Ratchet): boolean {
  return r.current ? cachedDeepEqual(r.current) : cachedDeepEqual(r.nearestParent);
}

/** Builds the validator of a schema (NewValidator); rules are compiled once. */
export function createCelValidator(
  schema: Schema,
  isResourceRoot: boolean,
  options: CelValidatorOptions,
): CelValidator {
  const minor = options.minor;
  const perCallLimit = options.perCallLimit ?? PER_CALL_LIMIT;
  const compiler = options.compiler ?? createCelCompiler(minor);
  const registry: FunctionRegistry = options.registry ?? createKubernetesFunctionRegistry(compiler.env);
  const ruleNodes = options.ruleNodes ?? new WeakMap<object, boolean>();
  /** A child worth entering: it, or a node below it, has rules. */
  const below = (v: unknown): v is Schema => isPlainObject(v) && rulesBelow(v, ruleNodes);

  const compileNode = (validationSchema: Schema, nodeSchema: Schema, root: boolean): Node | null => {
    const rules: CompiledRule[] = rulesOf(validationSchema).map((raw) => {
      // optionalOldSelf is dropped while its gate is off (1.28-1.29); messageExpression exists from 1.27
      const spec: Rule = {
        ...raw,
        optionalOldSelf:
          raw.optionalOldSelf && (releaseHas(minor, "ratcheting") || options.keepsOptionalOldSelf === true),
        messageExpression: releaseHas(minor, "celMessageExpression") ? raw.messageExpression : "",
      };
      const result =
        spec.rule.trim() === ""
          ? null
          : compiler.compileRule({
              schema: nodeSchema,
              isResourceRoot: root,
              expression: spec.rule,
              kind: "rule",
              optionalOldSelf: spec.optionalOldSelf,
            });
      let messageProgram: Interpreter | null = null;
      let messageError: string | null = null;
      let m: CompileResult | null = null;
      if (spec.messageExpression.trim() !== "") {
        m = compiler.compileRule({
          schema: nodeSchema,
          isResourceRoot: root,
          expression: spec.messageExpression,
          kind: "messageExpression",
          optionalOldSelf: spec.optionalOldSelf,
        });
        if (m.ok && m.ast) messageProgram = new Interpreter(m.ast, compiler.env, registry, perCallLimit);
        else messageError = formatCompileErrors(m.errors);
      }
      const compiled = result ?? { ok: true, errors: [], usesOldSelf: false };
      // The compilation as an evaluation meets it: the checked AST's signature (another release's compilation of the
      // rule may be another object, alike), its errors, what the validator reads of it (the settings of its
      // release that reach the evaluation are below). Made when a share first asks (releaseKey).
      keyParts.push(() => [
        compiled.ast ? astSignature(compiled.ast, options.signatures) : null,
        compiled.ok,
        compiled.errors.length === 0 ? null : formatCompileErrors(compiled.errors),
        compiled.programError,
        compiled.outputType?.kind,
        compiled.usesOldSelf,
        m?.ast ? astSignature(m.ast, options.signatures) : null,
        messageError,
        spec.optionalOldSelf,
        spec.messageExpression,
      ]);
      if (FORMAT_VALIDATE.test(spec.rule) || FORMAT_VALIDATE.test(spec.messageExpression)) formatValidate = true;
      return {
        spec,
        result: compiled,
        program:
          result && result.ok && result.ast ? new Interpreter(result.ast, compiler.env, registry, perCallLimit) : null,
        messageProgram,
        messageError,
        normalizedFieldPath: spec.fieldPath !== "" ? normalizeFieldPath(spec.fieldPath, nodeSchema) : null,
      };
    });
    const itemsV =
      below(validationSchema["items"]) && isPlainObject(nodeSchema["items"])
        ? compileNode(
            validationSchema["items"],
            nodeSchema["items"],
            nodeSchema["items"]["x-kubernetes-embedded-resource"] === true,
          )
        : null;
    let props: Map<string, Node> | null = null;
    const vp = validationSchema["properties"];
    const np = nodeSchema["properties"];
    if (isPlainObject(vp) && Object.keys(vp).length > 0) {
      props = new Map();
      for (const [k, v] of Object.entries(vp)) {
        const n = isPlainObject(np) ? np[k] : undefined;
        if (!below(v) || !isPlainObject(n)) continue;
        const child = compileNode(v, n, n["x-kubernetes-embedded-resource"] === true);
        if (child) props.set(k, child);
      }
    }
    const vap = validationSchema["additionalProperties"];
    const nap = nodeSchema["additionalProperties"];
    const apV =
      below(vap) && isPlainObject(nap) ? compileNode(vap, nap, nap["x-kubernetes-embedded-resource"] === true) : null;
    const allOf: Node[] = [];
    const ao = validationSchema["allOf"];
    if (Array.isArray(ao)) {
      for (const branch of ao) {
        if (!below(branch)) continue;
        const n = compileNode(branch, nodeSchema, root);
        if (n) allOf.push(n);
      }
    }
    if (rules.length > 0 || itemsV || apV || (props && props.size > 0) || allOf.length > 0) {
      return {
        schema: nodeSchema,
        source: validationSchema,
        isResourceRoot: root,
        rules,
        items: itemsV,
        properties: props,
        additionalProperties: apV,
        allOf,
      };
    }
    return null;
  };

  const keyParts: (() => unknown[])[] = [];
  let formatValidate = false;
  const rootNode = hasXValidations(schema) ? compileNode(schema, schema, isResourceRoot) : null;
  let releaseKey: unknown[] | undefined;

  return {
    get releaseKey() {
      if (releaseKey) return releaseKey;
      releaseKey = keyParts.flatMap((part) => part());
      // The release's settings an evaluation can meet, where the rules can meet them: format validate's
      // qualified-name texts. A presence test's cost and how values convert (set equality, null fields in equality,
      // objects without properties) are asked by each validation that meets them.
      if (formatValidate)
        for (const b of ["validLabelKeyWording", "messageWordsBytes"] as const)
          releaseKey.push(`${b}=${String(releaseHas(minor, b))}`);
      return releaseKey;
    },
    validate(obj, oldObj, opts = {}) {
      const at = opts.release ?? minor;
      // Set equality (legacy before 1.37), a null field in equality (from 1.34) and an object without properties
      // (no value before 1.29) matter only to values that have such things: the release is asked then (only a
      // computation that notes what it asks needs to).
      if (typeof at !== "number") {
        const found = valueFacts(obj, schema, isResourceRoot) | valueFacts(oldObj, schema, isResourceRoot);
        if (found & SET_LISTS) releaseHas(at, "celMetadataNameCap");
        if (found & NULLABLE) releaseHas(at, "celNullFieldsSkippedInEquality");
        if (found & BARE_OBJECTS) releaseHas(at, "celEmptyObjectValues");
      }
      const errors: CelFieldError[] = [];
      const warnings: CelFieldError[] = [];
      const cov = opts.coverage ?? null;
      let budget = opts.budget ?? options.budget ?? RUNTIME_CEL_COST_BUDGET;
      const initialBudget = budget;
      // A presence test costs one more before 1.29 (celFreePresenceTest): that changes nothing unless a cost limit is
      // met, at this release or, with the other cost, at another. The release is asked only then.
      let spent = 0;
      let presence = 0;
      let nearLimit = false;
      const tally = (out: EvalOutcome): void => {
        spent += out.cost;
        if (out.presenceTests === 0) return;
        presence += out.presenceTests;
        if (out.cancelled || out.cost + out.presenceTests > perCallLimit) nearLimit = true;
      };
      const base = FieldPath.from(
        (opts.basePath ?? []).map((s) =>
          typeof s === "number" ? { kind: "index" as const, index: s } : { kind: "field" as const, name: s },
        ),
      );
      // The correlation is built for any update; the release's gate is asked only when a rule fails (addErr), and
      // before the caller's word: a caller turns ratcheting off at a release without it (the stage's releaseKey).
      const ratchet: Ratchet =
        oldObj !== undefined
          ? { current: { value: obj, old: oldObj, schema }, nearestParent: null }
          : { current: null, nearestParent: null };

      const typeValue = (s: Schema) => ({ v: typeof s["type"] === "string" ? s["type"] : "" });
      // The error of a rule the remaining budget cannot pay for (checked before a node's rules, and after each rule).
      const outOfBudget = (path: FieldPath, sts: Schema, rule?: string) =>
        fieldError(
          path,
          "Invalid",
          typeValue(sts),
          "validation failed due to running out of cost budget, no further validation rules will be run",
          rule,
        );

      const validateExpressions = (node: Node, path: FieldPath, v: unknown, old: unknown, r: Ratchet): boolean => {
        if (v === null || v === undefined) return true;
        if (node.rules.length === 0) return true;
        const sts = node.schema;
        // cel.Compile failed for the whole node (no declaration type): one error, before the budget is looked at.
        const failed = node.rules[0]!.result;
        if (failed.declTypeFailed) {
          errors.push(
            fieldError(
              path,
              "Invalid",
              typeValue(sts),
              `rule compiler initialization error: ${formatCompileErrors(failed.errors)}`,
            ),
          );
          return true;
        }
        if (budget <= 0) {
          errors.push(outOfBudget(path, sts));
          budget = -1;
          return false;
        }
        let self: Result | undefined;
        let oldSelf: Result | undefined;
        for (const c of node.rules) {
          const spec = c.spec;
          if (!c.result.ok) {
            errors.push(
              fieldError(
                path,
                "Invalid",
                typeValue(sts),
                `rule compile error: compilation failed: ${formatCompileErrors(c.result.errors)}`,
                spec.rule,
              ),
            );
            continue;
          }
          if (c.result.programError !== undefined && (c.result.outputType?.kind ?? "bool") === "bool") {
            errors.push(
              fieldError(
                path,
                "Invalid",
                typeValue(sts),
                `rule compile error: program instantiation failed: ${c.result.programError}`,
                spec.rule,
              ),
            );
            continue;
          }
          // compileRule's not-a-bool error is a compile error too: the rule is not run.
          const outKind = c.result.outputType?.kind;
          if (outKind !== undefined && outKind !== "bool") {
            errors.push(
              fieldError(
                path,
                "Invalid",
                typeValue(sts),
                "rule compile error: cel expression must evaluate to a bool",
                spec.rule,
              ),
            );
            continue;
          }
          if (!c.program) continue;
          const usesOld = c.result.usesOldSelf;
          if (usesOld && (old === null || old === undefined)) {
            if (!spec.optionalOldSelf || !releaseHas(at, "ratcheting")) continue;
          }
          const decl = c.result.rootDecl ?? null;
          if (self === undefined) self = toVal(v, decl);
          if (oldSelf === undefined && old !== null && old !== undefined) oldSelf = toVal(old, decl);
          const act = new RuleActivation(
            self,
            spec.optionalOldSelf
              ? new OptionalV(oldSelf !== undefined && !isErr(oldSelf) ? oldSelf : undefined)
              : oldSelf,
          );
          const out = c.program.run(act);
          tally(out);
          if (out.internal !== undefined) {
            // a crdlint defect, not something the apiserver would say: reported as an internal error only
            errors.push(
              fieldError(path, "InternalError", null, `crdlint CEL runtime error: ${out.internal}`, spec.rule),
            );
            continue;
          }
          if (out.cost > budget) {
            errors.push(outOfBudget(path, sts, spec.rule));
            budget = -1;
            return false;
          }
          budget -= out.cost;
          const value = out.value;
          if (cov !== null && (isErr(value) || value === true)) cov.record(node.source, spec.check, value !== true);
          if (isErr(value)) {
            const msg = value.message;
            if (msg.startsWith("no such overload")) {
              errors.push(
                fieldError(
                  path,
                  "Invalid",
                  typeValue(sts),
                  `'${msg}': call arguments did not match a supported operator, function or macro signature for rule: ${ruleErrorString(spec)}`,
                  spec.rule,
                ),
              );
            } else if (out.cancelled) {
              errors.push(
                fieldError(
                  path,
                  "Invalid",
                  typeValue(sts),
                  `'${msg}': no further validation rules will be run due to call cost exceeds limit for rule: ${ruleErrorString(spec)}`,
                  spec.rule,
                ),
              );
              budget = -1;
              return false;
            } else {
              errors.push(
                fieldError(
                  path,
                  "Invalid",
                  typeValue(sts),
                  `${msg} evaluating rule: ${ruleErrorString(spec)}`,
                  spec.rule,
                ),
              );
            }
            continue;
          }
          if (value === true) continue;

          // upstream appends the normalized fieldPath as one Child: `spec` + `[x.y]` renders `spec.[x.y]`; paths of
          // plain fields render the same either way, so they keep their segments (precise locations)
          const nfp = c.normalizedFieldPath;
          const current = !nfp
            ? path
            : nfp.segments.some((g) => g.kind !== "field")
              ? path.child(nfp.toString())
              : path.concat(nfp);
          // Up to 1.29 a failed rule's fieldPath was appended to the node's own path (fldPath = fldPath.Child(...)):
          // the rules after it report under it.
          if (nfp && !releaseHas(at, "celFieldPathPerRule")) path = current;
          const addErr = (e: CelFieldError) => {
            // An empty correlation (a create) never ratchets.
            if (!usesOld && shouldRatchet(r) && releaseHas(at, "ratcheting") && opts.ratcheting !== false)
              warnings.push(e);
            else {
              errors.push(e);
              if (cov !== null) cov.record(node.source, spec.check, true);
            }
          };
          let detail: string | null = null;
          if (c.messageProgram) {
            const baseAct = new RuleActivation(self, oldSelf);
            const m = c.messageProgram.run(baseAct);
            tally(m);
            if (m.cost > budget) {
              addErr(
                fieldError(
                  current,
                  "Invalid",
                  typeValue(sts),
                  "messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run",
                  spec.rule,
                ),
              );
              budget = -1;
              return false;
            }
            if (m.cancelled) {
              addErr(
                fieldError(
                  current,
                  "Invalid",
                  typeValue(sts),
                  `no further validation rules will be run due to call cost exceeds limit for messageExpression: ${JSON.stringify(spec.messageExpression)}`,
                  spec.rule,
                ),
              );
              budget = -1;
              return false;
            }
            budget -= m.cost;
            if (!isErr(m.value) && typeof m.value === "string") {
              const trimmed = m.value.trim();
              if (
                trimmed.length > 0 &&
                Buffer.byteLength(trimmed, "utf8") <= MAX_MESSAGE_EXPRESSION_BYTES &&
                !trimmed.includes("\n")
              )
                detail = trimmed;
            }
          }
          detail ??= ruleMessageOrDefault(spec);
          addErr(fieldErrorForReason(current, sts, v, detail, spec.reason, at, spec.rule));
        }
        return true;
      };

      const walk = (node: Node | null, path: FieldPath, v: unknown, old: unknown, r: Ratchet): boolean => {
        if (!node || v === null || v === undefined) return true;
        if (!validateExpressions(node, path, v, old, r)) return false;
        for (const a of node.allOf) {
          if (!walk(a, path, v, old, { current: null, nearestParent: r.nearestParent })) return false;
        }
        if (Array.isArray(v)) {
          if (!node.items) return true;
          const oldArr = Array.isArray(old) ? old : undefined;
          for (let i = 0; i < v.length; i++) {
            const oldItem = oldArr ? findOldItem(node.schema, oldArr, v[i]) : undefined;
            if (!walk(node.items, path.index(i), v[i], oldItem, indexRatchet(r, i))) return false;
          }
          return true;
        }
        if (isPlainObject(v)) {
          const oldMap = isPlainObject(old) ? old : undefined;
          const mt = node.schema["x-kubernetes-map-type"];
          const correlatable = mt === undefined || mt === "granular" || mt === "atomic";
          if (node.additionalProperties) {
            for (const [k, x] of Object.entries(v)) {
              const ov = correlatable && oldMap ? oldMap[k] : undefined;
              if (!walk(node.additionalProperties, path.key(k), x, ov, keyRatchet(r, k))) return false;
            }
          }
          if (node.properties) {
            for (const [k, x] of Object.entries(v)) {
              const sub = node.properties.get(k);
              if (!sub) continue;
              const ov = correlatable && oldMap ? oldMap[k] : undefined;
              if (!walk(sub, path.child(k), x, ov, keyRatchet(r, k))) return false;
            }
          }
        }
        return true;
      };

      walk(rootNode, base, obj, oldObj, ratchet);
      if (presence > 0 && (budget < 0 || nearLimit || spent + presence > initialBudget))
        releaseHas(at, "celFreePresenceTest");
      return { errors, warnings, remainingBudget: budget };
    },
  };
}

/** Source texts that may call format's `qualifiedName().validate(s)` (the one format whose texts change). */
const FORMAT_VALIDATE = /\bqualifiedName\s*\(/;

const SET_LISTS = 1;
const BARE_OBJECTS = 2;
const NULLABLE = 4;

/**
 * What an evaluation reads of a checked AST, as text: the expression tree, each node's reference (its name and
 * overload ids), and which identifiers are types (the interpreter reads nothing else of it). Two compilations with the
 * same signature evaluate alike.
 */
function astSignature(ast: CheckedAst, memo?: WeakMap<object, string>): string {
  const known = memo?.get(ast);
  if (known !== undefined) return known;
  const refs = [...ast.references]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, r]) => `${id}=${r.name ?? ""}/${(r.overloadIds ?? []).join("|")}`);
  const types = [...ast.types]
    .filter(([, t]) => t.kind === "type")
    .map(([id]) => id)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const text = `${exprText(ast.expr)}\0${refs.join(",")}\0${types.join(",")}`;
  memo?.set(ast, text);
  return text;
}

/** A parsed expression as text: each node's id, kind and fields (a constant's by messageText). */
function exprText(e: Expr | undefined): string {
  if (e === undefined) return "u";
  const k = e.exprKind;
  switch (k.case) {
    case "constExpr":
      return `${e.id}c${messageText(k.value.constantKind)}`;
    case "identExpr":
      return `${e.id}i${JSON.stringify(k.value.name)}`;
    case "selectExpr":
      return `${e.id}s(${exprText(k.value.operand)}.${JSON.stringify(k.value.field)}${k.value.testOnly ? "?" : ""})`;
    case "callExpr":
      return `${e.id}f(${JSON.stringify(k.value.function)}${exprText(k.value.target)}[${k.value.args.map(exprText).join(",")}])`;
    case "listExpr":
      return `${e.id}l[${k.value.elements.map(exprText).join(",")}|${k.value.optionalIndices.join(",")}]`;
    case "comprehensionExpr": {
      const c = k.value;
      const parts = [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result].map(exprText).join(",");
      return `${e.id}x(${JSON.stringify([c.iterVar, c.iterVar2, c.accuVar])}${parts})`;
    }
    default:
      return `${e.id}${messageText(k)}`;
  }
}

/** A protobuf message of the cel.expr package as text: every field, in name order. */
function messageText(v: unknown): string {
  if (v === undefined) return "u";
  if (v === null) return "n";
  switch (typeof v) {
    case "bigint":
      return `${v}n`;
    case "string":
      return JSON.stringify(v);
    case "number":
      return Object.is(v, -0) ? "-0" : String(v);
    case "boolean":
      return v ? "t" : "f";
    case "object":
      break;
    default:
      return "?";
  }
  if (v instanceof Uint8Array) return `b${Buffer.from(v).toString("hex")}`;
  if (Array.isArray(v)) return `[${v.map(messageText).join(",")}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${k}:${messageText(o[k])}`)
    .join(",")}}`;
}

/**
 * An object node whose CEL declaration type has no fields (ObjectDecl.unconvertibleObject before 1.29): neither
 * properties nor a schema for additionalProperties, and neither an embedded resource nor a node that keeps unknown
 * fields.
 */
function bareObject(s: Schema): boolean {
  const props = s["properties"];
  return (
    s["type"] === "object" &&
    !(isPlainObject(props) && Object.keys(props).length > 0) &&
    !isPlainObject(s["additionalProperties"]) &&
    s["x-kubernetes-embedded-resource"] !== true &&
    s["x-kubernetes-preserve-unknown-fields"] !== true
  );
}

/**
 * Which of the constructs whose CEL values change with the release a value meets, as its schema says: a set list
 * with items (SET_LISTS: its equality, legacy before 1.37), a null where the schema is nullable (NULLABLE: a null field
 * in equality, from 1.34; decoding drops the others), an object at a bareObject node (BARE_OBJECTS: no value before
 * 1.29). The metadata of a resource (the root, an embedded one) whose schema declares no properties is not walked:
 * CEL sees it through a declaration of its own (name and generateName).
 */
function valueFacts(v: unknown, schema: Schema, isResourceRoot: boolean): number {
  let found = 0;
  const stack: [unknown, unknown, boolean][] = [[v, schema, isResourceRoot]];
  while (stack.length > 0 && found !== (SET_LISTS | NULLABLE | BARE_OBJECTS)) {
    const [x, s, resource] = stack.pop()!;
    const node = isPlainObject(s) ? s : null;
    if (x === null) {
      if (node?.["nullable"] === true) found |= NULLABLE;
    } else if (Array.isArray(x)) {
      if (x.length > 0 && node?.["x-kubernetes-list-type"] === "set") found |= SET_LISTS;
      for (const e of x) stack.push([e, node?.["items"], embeddedNode(node?.["items"])]);
    } else if (isPlainObject(x)) {
      const props = node && isPlainObject(node["properties"]) ? node["properties"] : null;
      const addl = node?.["additionalProperties"];
      if (node && bareObject(node)) found |= BARE_OBJECTS;
      for (const k in x) {
        const child = props && Object.hasOwn(props, k) ? props[k] : addl;
        if (resource && k === "metadata" && !(isPlainObject(child) && isPlainObject(child["properties"]))) continue;
        stack.push([x[k], child, embeddedNode(child)]);
      }
    }
  }
  return found;
}

const embeddedNode = (s: unknown): boolean => isPlainObject(s) && s["x-kubernetes-embedded-resource"] === true;

/** fieldErrorForReason with the release's value rendering (1.35+: the scalar value or none; before: the schema type). */
function fieldErrorForReason(
  path: FieldPath,
  sts: Schema,
  v: unknown,
  detail: string,
  reason: string | undefined,
  minor: Release,
  rule: string,
): CelFieldError {
  let value: { v: unknown } | null;
  // 1.35+: the value itself, omitted (field.OmitValueType) for object and array schemas
  if (releaseHas(minor, "celFieldErrorValue"))
    value = sts["type"] === "object" || sts["type"] === "array" ? null : { v };
  else value = { v: typeof sts["type"] === "string" ? sts["type"] : "" };
  switch (reason) {
    case "FieldValueForbidden":
      return fieldError(path, "Forbidden", null, detail, rule);
    case "FieldValueRequired":
      return fieldError(path, "Required", null, detail, rule);
    case "FieldValueDuplicate":
      return fieldError(path, "Duplicate", value, detail, rule);
    default:
      return fieldError(path, "Invalid", value, detail, rule);
  }
}

export { CelErr };
