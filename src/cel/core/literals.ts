/**
 * Literal validation of cel-go's AST validators (cel/validator.go): `duration('...')` parses with Go
 * time.ParseDuration, `timestamp('...')` with time.Parse(time.RFC3339) within years 0001..9999,
 * `matches` patterns compile as RE2.
 */
import type { Expr } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import { RE2JS } from "@bufbuild/re2";
import { parseGoDuration } from "../../k8s/duration.js";

type ConstKind = Extract<Expr["exprKind"], { case: "constExpr" }>["value"]["constantKind"];

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
}

/** Days from 1970-01-01 of a proleptic Gregorian civil date. */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?(Z|[+-](\d{2}):(\d{2}))$/;
const MIN_UNIX = -62135596800; // 0001-01-01T00:00:00Z
const MAX_UNIX = 253402300799; // 9999-12-31T23:59:59Z

/** Go time.Parse(time.RFC3339, s) plus cel-go's timestamp range; returns Unix nanoseconds or null. */
export function parseRfc3339Nanos(s: string): bigint | null {
  const m = RFC3339.exec(s);
  if (!m) return null;
  const y = +m[1]!;
  const mo = +m[2]!;
  const d = +m[3]!;
  const h = +m[4]!;
  const mi = +m[5]!;
  const se = +m[6]!;
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || se > 59) return null;
  let offset = 0;
  if (m[8] !== "Z") {
    const oh = +m[9]!;
    const om = +m[10]!;
    if (oh > 23 || om > 59) return null;
    offset = (oh * 60 + om) * 60 * (m[8]![0] === "-" ? -1 : 1);
  }
  const unix = daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se - offset;
  if (unix < MIN_UNIX || unix > MAX_UNIX) return null;
  // the fraction is truncated to nanoseconds, as time.Parse does
  const frac = m[7] ? BigInt(m[7].slice(0, 9).padEnd(9, "0")) : 0n;
  return BigInt(unix) * 1000000000n + frac;
}

/** Go time.Parse(time.RFC3339, s) plus cel-go's timestamp range; returns Unix seconds or null. */
function parseRfc3339(s: string): number | null {
  const ns = parseRfc3339Nanos(s);
  return ns === null ? null : Number(ns / 1000000000n);
}

export function validateDurationLiteral(c: ConstKind): boolean {
  if (c.case !== "stringValue") return true;
  return parseGoDuration(c.value) !== null;
}

export function validateTimestampLiteral(c: ConstKind): boolean {
  if (c.case === "int64Value") {
    const v = Number(c.value);
    return v >= MIN_UNIX && v <= MAX_UNIX;
  }
  if (c.case !== "stringValue") return true;
  return parseRfc3339(c.value) !== null;
}

export function validateRegexLiteral(c: ConstKind): boolean {
  if (c.case !== "stringValue") return true;
  try {
    RE2JS.compile(c.value);
    return true;
  } catch {
    return false;
  }
}
