/**
 * Defaults checked against x-kubernetes-validations, as ValidateDefaults does it: every default reachable through
 * properties and items that passed the schema checks is validated by a CEL validator built on its own node (so the
 * node's rules and its descendants' rules see the default), first as an update from the default to itself (transition
 * rules run with oldSelf = default), then — with CRDValidationRatcheting (1.30+) and when that found nothing — as a
 * create (transition rules skipped unless optionalOldSelf). All defaults of one schema share the runtime budget
 * (RuntimeCELCostBudget); once it is exhausted validation stops. Computed once per schema and shared by
 * default-cel-rule-failed and default-cel-budget-exceeded.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/defaulting/validation.go (validate: cel.NewValidator(s, isResourceRoot, PerCallLimit).Validate(ctx, pth.Child("default"), s, s.Default.Object, s.Default.Object, remainingCost))
import type { SchemaNode } from "../../crd/schema.js";
import { children, MAX_SCHEMA_DEPTH } from "../../crd/schema.js";
import type { ErrorType } from "../../diagnostics/index.js";
import type { DualPath } from "../../k8s/path.js";
import { CRD_VALIDATION_RATCHETING, enabledByDefault } from "../../k8s/releases.js";
import type { SchemaContext } from "../define-rule.js";
import { MemoKey } from "../../crd/memo.js";
import { LastingKey } from "../../crd/content-store.js";
import type { CelRuntime } from "../../cel/index.js";
import { defaultOutcome, defaultValue } from "./analyze.js";
import { validationRuleHas } from "../../crd/crd-v1.schema.js";

export interface CelDefaultFinding {
  node: SchemaNode;
  path: DualPath;
  type: ErrorType;
  message: string;
  /** The caret excerpt of a compile error (the apiserver's message continues on these lines). */
  detail?: string;
  value?: unknown;
  /** Budget or per-call limit exhaustion (default-cel-budget-exceeded) rather than a failed rule. */
  budget: boolean;
}

const TYPES: Record<string, ErrorType> = {
  Invalid: "Invalid value",
  Forbidden: "Forbidden",
  Required: "Required value",
  Duplicate: "Duplicate value",
  InternalError: "Internal error",
};

function isBudgetError(detail: string): boolean {
  return detail.includes("running out of cost budget") || detail.includes("call cost exceeds limit");
}

function liftPath(base: DualPath, e: CelRuntime.CelFieldError): DualPath {
  let p = base;
  for (const s of e.fieldPath.segments)
    p = s.kind === "field" ? p.child(s.name) : s.kind === "key" ? p.key(s.key) : p.index(s.index);
  return p;
}

/**
 * ValidateDefaults' traversal order: the node, then items, then properties. Taken from the run's walk of the schema
 * (its nodes, in walk order, are the children() of their parents); a walk cut at MAX_SCHEMA_DEPTH lacks the deeper
 * nodes, which ValidateDefaults still visits: those schemas are walked again here.
 */
function defaultsOrder(nodes: readonly SchemaNode[]): SchemaNode[] {
  const out: SchemaNode[] = [];
  const root = nodes[0];
  if (!root) return out;
  if (nodes.some((n) => n.depth >= MAX_SCHEMA_DEPTH)) {
    const visit = (n: SchemaNode) => {
      out.push(n);
      const kids = children(n);
      for (const k of kids) if (k.via === "items") visit(k);
      for (const k of kids) if (k.via === "properties") visit(k);
    };
    visit(root);
    return out;
  }
  const kidsOf = new Map<SchemaNode, SchemaNode[]>();
  for (const n of nodes) {
    if (n.parent === null || (n.via !== "items" && n.via !== "properties")) continue;
    const list = kidsOf.get(n.parent);
    if (list) list.push(n);
    else kidsOf.set(n.parent, [n]);
  }
  const visit = (n: SchemaNode) => {
    out.push(n);
    const kids = kidsOf.get(n);
    if (!kids) return;
    for (const k of kids) if (k.via === "items") visit(k);
    for (const k of kids) if (k.via === "properties") visit(k);
  };
  visit(root);
  return out;
}

/** What validating one default gave: the errors, and the budget left after it. */
interface DefaultRun {
  errors: readonly CelRuntime.CelFieldError[];
  left: number;
}

/** A lint session's runs, by the node's schema object, then its place as a resource root and the budget before it. */
const DEFAULT_RUNS = new LastingKey("celDefaults", () => new WeakMap<object, Map<string, DefaultRun>>());

function lastingRun(
  store: WeakMap<object, Map<string, DefaultRun>>,
  schema: object,
  key: string,
  run: () => DefaultRun,
): DefaultRun {
  let runs = store.get(schema);
  if (!runs) store.set(schema, (runs = new Map<string, DefaultRun>()));
  let r = runs.get(key);
  if (!r) runs.set(key, (r = run()));
  return r;
}

const CEL_DEFAULTS = new MemoKey<readonly CelDefaultFinding[]>("celDefaults");
const DEFAULTS_ORDER = new MemoKey<readonly SchemaNode[]>("celDefaults:order");

export function celDefaultFindings(ctx: SchemaContext): readonly CelDefaultFinding[] {
  const key = ctx.scope.path.written.toString();
  const memo = ctx.memo.get(CEL_DEFAULTS, key);
  if (memo) return memo;
  const out: CelDefaultFinding[] = [];
  ctx.memo.set(CEL_DEFAULTS, out, key);
  const runtime = ctx.services.celRuntime ?? null;
  if (!runtime || ctx.nodes.length === 0) return out;
  // Most schemas have no default where ValidateDefaults looks: nothing to order then.
  if (!ctx.nodes.some((n) => defaultValue(n) !== undefined) && !ctx.nodes.some((n) => n.depth >= MAX_SCHEMA_DEPTH))
    return out;
  let remaining = runtime.RUNTIME_CEL_COST_BUDGET;
  // The order depends on the schema alone: a run over several releases computes it once.
  for (const node of ctx.memo.compute(DEFAULTS_ORDER, () => defaultsOrder(ctx.nodes), key)) {
    const d = defaultValue(node);
    if (d === undefined) continue;
    const o = defaultOutcome(node, ctx.minor, ctx.memo, ctx.services.schemaValidators);
    if (!o || o.metadata !== null || o.embedded.length > 0 || o.schema.length > 0) continue;
    const budget = remaining;
    // NewValidator compiles with the stored-expressions environment (StoredExpressionsEnvLoader), not the one new
    // rules are held to: a library of the release itself is there (at 1.28, optional types' hasValue()).
    const stored = ctx.services.celStored ?? undefined;
    const keepsOptionalOldSelf =
      validationRuleHas("optionalOldSelf", ctx.minor) && ctx.update?.oldUsesOptionalOldSelf === true;
    const run = (): DefaultRun => {
      const validator = runtime.createCelValidator(node.schema, node.isResourceRoot, {
        minor: ctx.minor,
        ...(stored ? { compiler: stored } : {}),
        keepsOptionalOldSelf,
      });
      const first = validator.validate(d, d, { budget, ratcheting: false });
      const errors = [...first.errors];
      let left = first.remainingBudget;
      if (first.errors.length === 0 && enabledByDefault(CRD_VALIDATION_RATCHETING, ctx.minor)) {
        const second = validator.validate(d, undefined, { budget, ratcheting: false });
        errors.push(...second.errors);
        if (second.remainingBudget < left) left = second.remainingBudget;
      }
      return { errors, left };
    };
    // A lint session's engine keeps each run between texts: the node's schema object (its default and rules), its
    // place as a resource root, the release, the budget left and OLD's optionalOldSelf are all it depends on.
    const { errors, left } = ctx.memo.lasting
      ? lastingRun(
          ctx.memo.lasting.get(DEFAULT_RUNS),
          node.schema,
          `${ctx.minor}:${node.isResourceRoot}:${budget}:${keepsOptionalOldSelf}`,
          run,
        )
      : run();
    for (const e of errors) {
      // a defect of crdlint's runtime is not the apiserver's verdict: never reported as a CRD error
      if (e.type === "InternalError") continue;
      const nl = e.detail.indexOf("\n");
      const f: CelDefaultFinding = {
        node,
        path: liftPath(o.base, e),
        type: TYPES[e.type] ?? "Invalid value",
        message: nl < 0 ? e.detail : e.detail.slice(0, nl),
        budget: isBudgetError(e.detail),
      };
      if (nl >= 0) f.detail = e.detail.slice(nl + 1);
      if ("rawValue" in e) f.value = e.rawValue;
      out.push(f);
    }
    remaining = left;
    if (remaining < 0) break;
  }
  return out;
}
