/**
 * The Kubernetes quantity library (kubernetes/apiserver pkg/cel/library/quantity.go): its declarations, its functions at
 * runtime, and its costs, estimated and at runtime (which upstream keeps in library/cost.go).
 */
// Upstream: kubernetes/apiserver:pkg/cel/library/quantity.go, pkg/cel/quantity.go, pkg/cel/library/cost.go
import { BOOL, DOUBLE, INT, QUANTITY_TYPE, STRING } from "../core/typeutil.js";
import { g, m, type Lib } from "../core/checker/decls.js";
import { CelErr, OpaqueV, actualSize, type Val } from "../core/interpreter/values.js";
import { STRING_TRAVERSAL, type Impl } from "../core/interpreter/functions.js";
import { ST, ONE, rfac } from "../core/cost/range.js";
import type { KubernetesLibrary } from "./library.js";

// ---------------------------------------------------------------------------------------------------------------
// declarations

export const quantityLib: Lib = {
  fns: [
    ["quantity", [g("string_to_quantity", [STRING], QUANTITY_TYPE)]],
    ["isQuantity", [g("is_quantity_string", [STRING], BOOL)]],
    // a member function in library/quantity.go (`quantity('1').sign()`)
    ["sign", [m("quantity_sign", [QUANTITY_TYPE], INT)]],
    ["isGreaterThan", [m("quantity_is_greater_than", [QUANTITY_TYPE, QUANTITY_TYPE], BOOL)]],
    ["isLessThan", [m("quantity_is_less_than", [QUANTITY_TYPE, QUANTITY_TYPE], BOOL)]],
    ["compareTo", [m("quantity_compare_to", [QUANTITY_TYPE, QUANTITY_TYPE], INT)]],
    ["asApproximateFloat", [m("quantity_get_float", [QUANTITY_TYPE], DOUBLE)]],
    ["asInteger", [m("quantity_get_int", [QUANTITY_TYPE], INT)]],
    ["isInteger", [m("quantity_is_integer", [QUANTITY_TYPE], BOOL)]],
    [
      "add",
      [
        m("quantity_add", [QUANTITY_TYPE, QUANTITY_TYPE], QUANTITY_TYPE),
        m("quantity_add_int", [QUANTITY_TYPE, INT], QUANTITY_TYPE),
      ],
    ],
    [
      "sub",
      [
        m("quantity_sub", [QUANTITY_TYPE, QUANTITY_TYPE], QUANTITY_TYPE),
        m("quantity_sub_int", [QUANTITY_TYPE, INT], QUANTITY_TYPE),
      ],
    ],
  ],
};

// ---------------------------------------------------------------------------------------------------------------
// runtime

const QUANTITY_TYPE_NAME = "kubernetes.Quantity";
const QUANTITY_RE = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;
const QUANTITY_FORMAT_ERR =
  "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

interface Rational {
  num: bigint;
  den: bigint;
}

const BINARY: Record<string, bigint> = {
  Ki: 1n << 10n,
  Mi: 1n << 20n,
  Gi: 1n << 30n,
  Ti: 1n << 40n,
  Pi: 1n << 50n,
  Ei: 1n << 60n,
};
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, "": 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

function norm(r: Rational): Rational {
  const g = gcd(r.num, r.den);
  return { num: r.num / g, den: r.den / g };
}

const QUANTITY_SUFFIX_ERR = "unable to parse quantity's suffix";

/** resource.ParseQuantity: the value, or the error text (ErrFormatWrong / ErrSuffix). */
function parseQuantityOrError(s: string): Rational | string {
  const m = QUANTITY_RE.exec(s);
  if (!m) return QUANTITY_FORMAT_ERR;
  const suffix = m[2]!;
  if (!(suffix in BINARY) && !(suffix in DECIMAL) && !/^[eE][-+]?\d+$/.test(suffix)) return QUANTITY_SUFFIX_ERR;
  return parseQuantity(s) ?? QUANTITY_FORMAT_ERR;
}

function parseQuantity(s: string): Rational | null {
  const m = QUANTITY_RE.exec(s);
  if (!m) return null;
  const numStr = m[1]!;
  const suffix = m[2]!;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(numStr)) return null;
  let mult: Rational;
  if (suffix in BINARY) mult = { num: BINARY[suffix]!, den: 1n };
  else if (suffix in DECIMAL) {
    const e = DECIMAL[suffix]!;
    mult = e >= 0 ? { num: 10n ** BigInt(e), den: 1n } : { num: 1n, den: 10n ** BigInt(-e) };
  } else {
    const em = /^[eE]([-+]?\d+)$/.exec(suffix);
    if (!em) return null;
    const e = Number(em[1]);
    mult = e >= 0 ? { num: 10n ** BigInt(e), den: 1n } : { num: 1n, den: 10n ** BigInt(-e) };
  }
  const neg = numStr.startsWith("-");
  const body = numStr.replace(/^[+-]/, "");
  const [ip, fp = ""] = body.split(".");
  const num = BigInt((ip || "0") + fp) * (neg ? -1n : 1n);
  const den = 10n ** BigInt(fp.length);
  return norm({ num: num * mult.num, den: den * mult.den });
}

function quantityVal(r: Rational): OpaqueV {
  return new OpaqueV(QUANTITY_TYPE_NAME, r, (o) => {
    const q = o.data as Rational;
    return q.num * r.den === r.num * q.den;
  });
}

function qcmp(a: Rational, b: Rational): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

const q = (v: Val) => (v as OpaqueV).data as Rational;

export const QUANTITY_FUNCTIONS: Record<string, Impl> = {
  string_to_quantity: ([s]) => {
    const r = parseQuantityOrError(s as string);
    return typeof r === "string" ? new CelErr(r) : quantityVal(r);
  },
  is_quantity_string: ([s]) => parseQuantity(s as string) !== null,
  quantity_sign: ([a]) => BigInt(Math.sign(Number(q(a!).num))),
  quantity_is_greater_than: ([a, b]) => qcmp(q(a!), q(b!)) > 0,
  quantity_is_less_than: ([a, b]) => qcmp(q(a!), q(b!)) < 0,
  quantity_compare_to: ([a, b]) => BigInt(qcmp(q(a!), q(b!))),
  quantity_get_float: ([a]) => Number(q(a!).num) / Number(q(a!).den),
  quantity_get_int: ([a]) => {
    const r = q(a!);
    if (r.den !== 1n || r.num > (1n << 63n) - 1n || r.num < -(1n << 63n))
      return new CelErr("cannot convert value to integer");
    return r.num;
  },
  quantity_is_integer: ([a]) => {
    const r = q(a!);
    return r.den === 1n && r.num <= (1n << 63n) - 1n && r.num >= -(1n << 63n);
  },
  quantity_add: ([a, b]) =>
    quantityVal(norm({ num: q(a!).num * q(b!).den + q(b!).num * q(a!).den, den: q(a!).den * q(b!).den })),
  quantity_add_int: ([a, b]) => quantityVal(norm({ num: q(a!).num + (b as bigint) * q(a!).den, den: q(a!).den })),
  quantity_sub: ([a, b]) =>
    quantityVal(norm({ num: q(a!).num * q(b!).den - q(b!).num * q(a!).den, den: q(a!).den * q(b!).den })),
  quantity_sub_int: ([a, b]) => quantityVal(norm({ num: q(a!).num - (b as bigint) * q(a!).den, den: q(a!).den })),
};

// ---------------------------------------------------------------------------------------------------------------
// cost

// isGreaterThan, isLessThan and compareTo are the semver library's names too: the estimator goes by name
const COST_ONE = new Set([
  "sign",
  "asInteger",
  "isInteger",
  "asApproximateFloat",
  "isGreaterThan",
  "isLessThan",
  "compareTo",
  "add",
  "sub",
]);

export const quantityLibrary: KubernetesLibrary = {
  functions: QUANTITY_FUNCTIONS,
  estimate(coster, fn, _ov, _target, args) {
    if (COST_ONE.has(fn)) return { cost: ONE, size: null };
    // before 1.30 the estimator had no case for them: cel-go's default
    if ((fn === "quantity" || fn === "isQuantity") && args.length >= 1 && coster.f.quantityParseCost)
      return { cost: rfac(coster.libSize(args[0]!), ST), size: null };
    return null;
  },
  estimateEquality: (name) => (name === "kubernetes.Quantity" ? { cost: ONE, size: null } : null),
  callCost(fn, _id, args) {
    if (COST_ONE.has(fn)) return 1;
    if ((fn === "quantity" || fn === "isQuantity") && args.length >= 1)
      return Math.ceil(actualSize(args[0]!) * STRING_TRAVERSAL);
    return undefined;
  },
};
