/**
 * Cardinality, per-expression and per-schema cost budgets, and the apiserver's cost messages
 * (cel-cost.md §3 and §8; apiextensions validation.go / cel_validation.go).
 */
import { K8S, addSat, mulSat } from "../core/cost/range.js";
import { isPlainObject } from "../../k8s/go.js";

export type Cardinality = bigint | "unbounded";

type Schema = Record<string, unknown>;

export const STATIC_ESTIMATED_COST_LIMIT = K8S.StaticEstimatedCostLimit; // 10,000,000 per expression
export const STATIC_ESTIMATED_CRD_COST_LIMIT = K8S.StaticEstimatedCRDCostLimit; // 100,000,000 per schema
/** Observations below 1% of the schema limit are never listed as contributors. */
const CONTRIBUTOR_THRESHOLD = K8S.StaticEstimatedCRDCostLimit / 100n;
const MAX_CONTRIBUTORS = 4;

/** How a schema node was reached from its parent. */
export type Edge = "property" | "items" | "additionalProperties";

function intValue(v: unknown): bigint | undefined {
  if (typeof v === "bigint") return v;
  if (typeof v === "number" && Number.isFinite(v)) return BigInt(Math.trunc(v));
  return undefined;
}

/** `max(v, 0)` of an integer keyword, or undefined when absent. */
export function nonNegativeKeyword(schema: Schema, keyword: string): bigint | undefined {
  const v = intValue(schema[keyword]);
  if (v === undefined) return undefined;
  return v < 0n ? 0n : v;
}

/** Which edge leads from `parent` to `child` (identity first, then the parent's shape). */
export function edgeBetween(parent: Schema, child: Schema): Edge {
  if (parent["items"] === child) return "items";
  if (parent["additionalProperties"] === child) return "additionalProperties";
  const byShape: Edge =
    parent["type"] === "array"
      ? "items"
      : parent["type"] === "object" && isPlainObject(parent["additionalProperties"])
        ? "additionalProperties"
        : "property";
  // Looking the child up among the properties only matters when the shape says otherwise (it is linear in the number
  // of properties, and a generated CRD can have tens of thousands of them under one node).
  if (byShape === "property") return "property";
  const props = parent["properties"];
  if (isPlainObject(props)) for (const k of Object.keys(props)) if (props[k] === child) return "property";
  return byShape;
}

/**
 * The keyword that bounds how often each child of `parent` occurs, whatever the edge to the child: maxItems for an
 * array, maxProperties for an object with additionalProperties (even `false`, and for its properties too), none
 * otherwise (the children of any other node occur once per occurrence of the node).
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/cel_validation.go (extractMaxElements)
export function cardinalityKeyword(parent: Schema): "maxItems" | "maxProperties" | null {
  if (parent["type"] === "array") return "maxItems";
  if (
    parent["type"] === "object" &&
    parent["additionalProperties"] !== undefined &&
    parent["additionalProperties"] !== null
  )
    return "maxProperties";
  return null;
}

/** Multiplier contributed by entering any child of `parent`: a bound, or "unbounded". */
function edgeMultiplier(
  parent: Schema,
  keywordValue?: (schema: Schema, keyword: string) => bigint | undefined,
): Cardinality {
  const get = keywordValue ?? nonNegativeKeyword;
  const kw = cardinalityKeyword(parent);
  if (kw === null) return 1n;
  return get(parent, kw) ?? "unbounded";
}

/**
 * Cardinality of the last node of `path` (schema nodes from the version root down to the node that
 * carries the rules): the product of the parents' maxItems (arrays) and maxProperties (objects with
 * additionalProperties), or "unbounded" once any of them is absent.
 */
export function ruleCardinality(
  path: readonly Schema[],
  keywordValue?: (schema: Schema, keyword: string) => bigint | undefined,
): Cardinality {
  let c = 1n;
  for (let i = 1; i < path.length; i++) {
    const parent = path[i - 1]!;
    const m = edgeMultiplier(parent, keywordValue);
    if (m === "unbounded") return "unbounded";
    c = mulSat(c, m);
  }
  return c;
}

/** The fallback cardinality for an unbounded node: MaxRequestSizeBytes / (minSize + 1). */
export function unboundedCardinality(nodeMinSize: bigint): bigint {
  return K8S.MaxRequestSizeBytes / (nodeMinSize + 1n);
}

/** A rule's cost as the per-expression check and the total see it (messageExpressions are never multiplied). */
export function expressionCost(maxCost: bigint, cardinality: Cardinality, nodeMinSize: bigint): bigint {
  if (maxCost === 0n) return 0n;
  const c = cardinality === "unbounded" ? unboundedCardinality(nodeMinSize) : cardinality;
  return mulSat(maxCost, c);
}

// ---------------------------------------------------------------------------------------------
// Messages

/**
 * Go `strconv` fixed formatting of a float64 (`%.Nf`): correctly rounded from the exact binary value,
 * ties to even (JS toFixed rounds exact ties away from zero).
 */
export function formatFixed(x: number, digits: number): string {
  if (!Number.isFinite(x)) return x > 0 ? "+Inf" : x < 0 ? "-Inf" : "NaN";
  const neg = x < 0 || Object.is(x, -0);
  const ax = Math.abs(x);
  // exact value: mant * 2^exp
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, ax);
  const hi = buf.getUint32(0);
  const lo = buf.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp: number;
  if (biased === 0) exp = -1074;
  else {
    mant |= 1n << 52n;
    exp = biased - 1075;
  }
  const scale = 10n ** BigInt(digits);
  let q: bigint;
  if (exp >= 0) {
    q = (mant << BigInt(exp)) * scale;
  } else {
    const den = 1n << BigInt(-exp);
    const num = mant * scale;
    q = num / den;
    const r2 = (num % den) * 2n;
    if (r2 > den || (r2 === den && (q & 1n) === 1n)) q += 1n;
  }
  let s = q.toString();
  if (digits > 0) {
    s = s.padStart(digits + 1, "0");
    s = `${s.slice(0, s.length - digits)}.${s.slice(s.length - digits)}`;
  }
  return (neg ? "-" : "") + s;
}

/** The factor text of getCostErrorMessage: `more than 100x`, `%fx` below 1.5, `%.1fx` otherwise. */
export function costFactorText(cost: bigint, limit: bigint): string {
  const f = Number(cost) / Number(limit);
  if (f > 100) return "more than 100x";
  if (f < 1.5) return `${formatFixed(f, 6)}x`;
  return `${formatFixed(f, 1)}x`;
}

const COST_MESSAGE_SUFFIX =
  " (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)";

/** apiextensions getCostErrorMessage. */
export function costErrorMessage(costName: string, cost: bigint, limit: bigint): string {
  return `${costName} exceeds budget by factor of ${costFactorText(cost, limit)}${COST_MESSAGE_SUFFIX}`;
}

const RULE_COST_NAME = "estimated rule cost";
const MESSAGE_EXPRESSION_COST_NAME = "estimated messageExpression cost";
const SCHEMA_TOTAL_COST_NAME = "x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema";
const CONTRIBUTOR_MESSAGE = "contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema";

// ---------------------------------------------------------------------------------------------
// Schema verdict

/** One observed expression cost, in schema-walk order. */
export interface CostObservation {
  /** Field path of the rule or messageExpression (e.g. `spec.validation.openAPIV3Schema.x-kubernetes-validations[0].rule`). */
  path: string;
  kind: "rule" | "messageExpression";
  /** For rules: expressionCost(MaxCost, cardinality, minSize); for messageExpressions: MessageExpressionMaxCost. */
  cost: bigint;
  /** Per-expression check suppressed (update of an unchanged schema, 1.29+); the total still observes it. */
  skipPerExpressionCheck?: boolean;
}

export type CostFindingKind =
  "rule-exceeds-budget" | "message-expression-exceeds-budget" | "total-contributor" | "schema-total-exceeds-budget";

export interface CostFinding {
  kind: CostFindingKind;
  /** Field path the apiserver reports (the schema path itself for the total). */
  path: string;
  /** Forbidden detail, verbatim. */
  detail: string;
  /** The cost the finding is about (the observation, or the total). */
  cost: bigint;
  limit: bigint;
}

/** Keeps the total and the (at most 4) most expensive observations ≥ 1,000,000, as cel_validation.go TotalCost. */
export class TotalCost {
  total = 0n;
  mostExpensive: { path: string; cost: bigint }[] = [];

  observe(path: string, cost: bigint): void {
    this.total = addSat(this.total, cost);
    if (cost < CONTRIBUTOR_THRESHOLD) return;
    // append, then a stable insertion sort descending (Go sort.Slice on < 12 elements), truncate to 4
    const list = this.mostExpensive;
    list.push({ path, cost });
    for (let i = list.length - 1; i > 0 && list[i]!.cost > list[i - 1]!.cost; i--) {
      const t = list[i]!;
      list[i] = list[i - 1]!;
      list[i - 1] = t;
    }
    if (list.length > MAX_CONTRIBUTORS) list.length = MAX_CONTRIBUTORS;
  }
}

/**
 * The apiserver's decision for one schema (one version schema, or the hoisted one): per-expression
 * errors in walk order, then, when the total exceeds 100,000,000, the contributors and the total error.
 */
export function schemaCostVerdict(
  observations: readonly CostObservation[],
  schemaPath: string,
): { total: bigint; findings: CostFinding[] } {
  const findings: CostFinding[] = [];
  const total = new TotalCost();
  for (const o of observations) {
    if (!o.skipPerExpressionCheck && o.cost > STATIC_ESTIMATED_COST_LIMIT) {
      findings.push({
        kind: o.kind === "rule" ? "rule-exceeds-budget" : "message-expression-exceeds-budget",
        path: o.path,
        detail: costErrorMessage(
          o.kind === "rule" ? RULE_COST_NAME : MESSAGE_EXPRESSION_COST_NAME,
          o.cost,
          STATIC_ESTIMATED_COST_LIMIT,
        ),
        cost: o.cost,
        limit: STATIC_ESTIMATED_COST_LIMIT,
      });
    }
    total.observe(o.path, o.cost);
  }
  if (total.total > STATIC_ESTIMATED_CRD_COST_LIMIT) {
    for (const m of total.mostExpensive) {
      findings.push({
        kind: "total-contributor",
        path: m.path,
        detail: CONTRIBUTOR_MESSAGE,
        cost: m.cost,
        limit: STATIC_ESTIMATED_CRD_COST_LIMIT,
      });
    }
    findings.push({
      kind: "schema-total-exceeds-budget",
      path: schemaPath,
      detail: costErrorMessage(SCHEMA_TOTAL_COST_NAME, total.total, STATIC_ESTIMATED_CRD_COST_LIMIT),
      cost: total.total,
      limit: STATIC_ESTIMATED_CRD_COST_LIMIT,
    });
  }
  return { total: total.total, findings };
}

/** Percentage of a limit, rounded down to a whole percent. */
export function percentOfLimit(cost: bigint, limit: bigint): number {
  return Number((cost * 100n) / limit);
}
