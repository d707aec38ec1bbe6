/**
 * Saturating unsigned 64-bit arithmetic and cost ranges (cel-cost.md §1), and the cost constants of cel-go and
 * Kubernetes. The public API (Range, addSat, ...) is on bigint; the estimator's internal form (U, R) keeps a
 * uint64 as a JS number while it is a safe integer and as a bigint beyond, normalised so `===` works.
 */

// ---------------------------------------------------------------------------------------------
// §1 arithmetic

/** math.MaxUint64 */
export const MAX_UINT64 = (1n << 64n) - 1n;
const TWO_64 = 18446744073709551616; // 2^64 as float64 (== float64(math.MaxUint64))

export function addSat(x: bigint, y: bigint): bigint {
  const r = x + y;
  return r > MAX_UINT64 ? MAX_UINT64 : r;
}

export function mulSat(x: bigint, y: bigint): bigint {
  if (y !== 0n && x > MAX_UINT64 / y) return MAX_UINT64;
  return x * y;
}

/** cel-go multiplyByCostFactor: float64 multiply, rounded up, saturating. */
export function factor(x: bigint, f: number): bigint {
  const xf = Number(x);
  if (xf > 0 && f > 0 && xf > TWO_64 / f) return MAX_UINT64;
  const c = Math.ceil(xf * f);
  if (c >= TWO_64) return MAX_UINT64;
  return BigInt(c);
}

/** Go `uint64(f)` for a float64 as compiled for amd64 (used by legacy code paths only). */
export function goFloatToUint64(f: number): bigint {
  if (Number.isNaN(f)) return 1n << 63n;
  if (f < 9223372036854775808) {
    if (f <= -9223372036854775808 || !Number.isFinite(f)) return 1n << 63n;
    return BigInt.asUintN(64, BigInt(Math.trunc(f)));
  }
  const y = f - 9223372036854775808;
  const z = y >= 9223372036854775808 || !Number.isFinite(y) ? 1n << 63n : BigInt(Math.trunc(y));
  return BigInt.asUintN(64, z | (1n << 63n));
}

/** A size or cost range. */
export interface Range {
  min: bigint;
  max: bigint;
}

// The bigint ranges are the estimator's (R, below) seen from outside: one range arithmetic.
const toR = (a: Range): R => ({ min: norm(a.min), max: norm(a.max) });
const toRange = (r: R): Range => ({ min: big(r.min), max: big(r.max) });

export function fixed(n: bigint): Range {
  return { min: n, max: n };
}
export function rangeAdd(a: Range, b: Range): Range {
  return toRange(radd(toR(a), toR(b)));
}
export function rangeMul(a: Range, b: Range): Range {
  return toRange(rmul(toR(a), toR(b)));
}
export function rangeFactor(a: Range, f: number): Range {
  return toRange(rfac(toR(a), f));
}
export function rangeUnion(a: Range, b: Range): Range {
  return toRange(runion(toR(a), toR(b)));
}

/** cel-go common/cost.go */
export const COST = Object.freeze({
  SelectAndIdentCost: 1n,
  ConstCost: 0n,
  ListCreateBaseCost: 10n,
  MapCreateBaseCost: 30n,
  StructCreateBaseCost: 40n,
  StringTraversalCostFactor: 0.1,
  RegexStringLengthCostFactor: 0.25,
});
export const ST = COST.StringTraversalCostFactor;
export const RX = COST.RegexStringLengthCostFactor;

/** Kubernetes limits (apiserver pkg/apis/cel/config.go, pkg/cel/limits.go, apiextensions validation.go). */
export const K8S = Object.freeze({
  MaxRequestSizeBytes: 3145728n,
  PerCallLimit: 1000000n,
  RuntimeCELCostBudget: 10000000n,
  StaticEstimatedCostLimit: 10000000n,
  StaticEstimatedCRDCostLimit: 100000000n,
  MaxDurationSizeJSON: 32n,
  MaxDatetimeSizeJSON: 32n,
  JSONDateSize: 12n,
  MinDurationSizeJSON: 3n,
  MinDatetimeSizeJSON: 21n,
  MinStringSize: 2n,
  MinBoolSize: 4n,
  MinNumberSize: 1n,
  MaxFormatSize: 64n,
  MaxNameFormatRegexSize: 128n,
  DNS1123SubdomainMaxLength: 253n,
});
// ---------------------------------------------------------------------------------------------
// Internal arithmetic: a uint64 is a JS number while it is a safe integer, a bigint beyond that.
// Every value is kept normalised (safe integers are always numbers), so `===` against number
// literals is exact; JS compares numbers and bigints by value. This avoids a bigint allocation per
// operation for the overwhelmingly common small values.

export type U = number | bigint;
const SAFE = Number.MAX_SAFE_INTEGER;
const SAFE_BIG = BigInt(SAFE);

export function norm(x: bigint): U {
  return x <= SAFE_BIG ? Number(x) : x;
}
export function big(x: U): bigint {
  return typeof x === "bigint" ? x : BigInt(x);
}
export function uadd(x: U, y: U): U {
  if (typeof x === "number" && typeof y === "number") {
    const r = x + y;
    if (r <= SAFE) return r;
  }
  return norm(addSat(big(x), big(y)));
}
function umul(x: U, y: U): U {
  if (typeof x === "number" && typeof y === "number") {
    const r = x * y;
    if (r <= SAFE) return r;
  }
  return norm(mulSat(big(x), big(y)));
}
function ufac(x: U, f: number): U {
  const xf = Number(x);
  if (xf > 0 && f > 0 && xf > TWO_64 / f) return MAX_UINT64;
  const c = Math.ceil(xf * f);
  if (c >= TWO_64) return MAX_UINT64;
  return c <= SAFE ? c : BigInt(c);
}
/** x - 1 for x > 0 */
export function udec(x: U): U {
  return typeof x === "number" ? x - 1 : norm(x - 1n);
}
/** uint64 wrap-around of a bigint result */
export function wrap(x: bigint): U {
  return norm(BigInt.asUintN(64, x));
}

export interface R {
  min: U;
  max: U;
}
export const UNKNOWN: Readonly<R> = Object.freeze({ min: 0, max: MAX_UINT64 });
export const ZERO: Readonly<R> = Object.freeze({ min: 0, max: 0 });
export const ONE: Readonly<R> = Object.freeze({ min: 1, max: 1 });
export function rfixed(n: U): R {
  return { min: n, max: n };
}
export function radd(a: R, b: R): R {
  return { min: uadd(a.min, b.min), max: uadd(a.max, b.max) };
}
export function rmul(a: R, b: R): R {
  return { min: umul(a.min, b.min), max: umul(a.max, b.max) };
}
export function rfac(a: R, f: number): R {
  return { min: ufac(a.min, f), max: ufac(a.max, f) };
}
export function runion(a: R, b: R): R {
  return { min: b.min < a.min ? b.min : a.min, max: b.max > a.max ? b.max : a.max };
}
