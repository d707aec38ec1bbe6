/**
 * One checked expression evaluated as the apiserver evaluates an x-kubernetes-validations rule (`crdlint cel eval`):
 * `self` and `oldSelf` converted from unstructured values with the rule's DeclType, the Kubernetes libraries of the
 * compiler's release, cel-go's runtime cost under the per-call limit; and the value shown as a CEL literal and as JSON.
 * The validator (validator.ts) runs every rule of a schema for a verdict; this runs one expression for its value.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go (validateExpressions: activation, optionalOldSelf)
import type { CelCompiler, CompileResult } from "./compile.js";
import { Interpreter, type Activation } from "../core/interpreter/interp.js";
import { createKubernetesFunctionRegistry } from "../k8s/runtime.js";
import {
  DurationV,
  ListV,
  MapV,
  ObjectV,
  OpaqueV,
  OptionalV,
  TimestampV,
  TypeV,
  UintV,
  isErr,
  toVal,
  type Result,
  type Val,
} from "../core/interpreter/values.js";
import { goFormatDouble, toCelString } from "../core/interpreter/stdlib.js";
import { addrString, type Addr } from "../k8s/ip.js";

/** One evaluation: the value (or the CEL error it ended in) and what it cost. */
export interface ExpressionEvaluation {
  /** The value as JSON (absent when the evaluation ended in an error). */
  value?: unknown;
  /** The value written as a CEL literal (absent when the evaluation ended in an error). */
  text?: string;
  /** The CEL error the evaluation ended in (cel-go's text, as the apiserver quotes it). */
  error?: string;
  /** cel-go's runtime cost of this evaluation (what the apiserver charges to the request's budget). */
  cost: number;
  /** The per-call limit stopped the evaluation. */
  cancelled: boolean;
}

export interface ExpressionEvaluator {
  /** `self` and `oldSelf` as unstructured values; undefined leaves the variable unbound (compile.ts referencesVariable tells whether it is read). */
  evaluate(self: unknown, oldSelf: unknown): ExpressionEvaluation;
}

/** The variables of a CRD rule: `self`, and `oldSelf` on an update (the validator's activation too). */
export class RuleActivation implements Activation {
  constructor(
    private readonly self: Result | undefined,
    private readonly oldSelf: Result | undefined,
  ) {}
  lookup(name: string): Result | undefined {
    if (name === "self") return this.self;
    if (name === "oldSelf") return this.oldSelf;
    return undefined;
  }
}

/**
 * An evaluator of a compiled expression (compiled.ok, with its AST and root DeclType) with the compiler's environment.
 * With optionalOldSelf, `oldSelf` is an optional (optional.none() when no old value is given), as for a rule that
 * sets optionalOldSelf: true.
 */
export function createExpressionEvaluator(
  compiler: CelCompiler,
  compiled: CompileResult,
  options: { optionalOldSelf?: boolean; perCallLimit: number },
): ExpressionEvaluator {
  if (!compiled.ok || !compiled.ast) throw new Error("createExpressionEvaluator: the expression did not compile");
  const program = new Interpreter(
    compiled.ast,
    compiler.env,
    createKubernetesFunctionRegistry(compiler.env),
    options.perCallLimit,
  );
  const decl = compiled.rootDecl ?? null;
  const convert = (v: unknown): Result | undefined => (v === undefined ? undefined : toVal(v, decl));
  return {
    evaluate(self, oldSelf) {
      const old = convert(oldSelf);
      const oldBinding = options.optionalOldSelf
        ? new OptionalV(old !== undefined && !isErr(old) ? old : undefined)
        : old;
      const out = program.run(new RuleActivation(convert(self), oldBinding));
      if (out.internal !== undefined)
        return { error: `crdlint CEL runtime error: ${out.internal}`, cost: out.cost, cancelled: false };
      if (isErr(out.value)) return { error: out.value.message, cost: out.cost, cancelled: out.cancelled };
      return { value: celValueJson(out.value), text: celValueText(out.value), cost: out.cost, cancelled: false };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// showing values

/** A double as a CEL literal: always with a fraction or an exponent, so that it reads as a double. */
function doubleText(x: number): string {
  if (Number.isNaN(x)) return 'double("NaN")';
  if (!Number.isFinite(x)) return x > 0 ? 'double("Infinity")' : 'double("-Infinity")';
  const s = goFormatDouble(x);
  return /[.e]/.test(s) ? s : `${s}.0`;
}

function bytesText(b: Uint8Array): string {
  let out = 'b"';
  for (const c of b) {
    if (c === 0x22 || c === 0x5c) out += "\\" + String.fromCharCode(c);
    else if (c >= 0x20 && c < 0x7f) out += String.fromCharCode(c);
    else out += "\\x" + c.toString(16).padStart(2, "0");
  }
  return out + '"';
}

/** A decimal text of num/den when it has one (a quantity is a rational), else `num/den`. */
function rationalText(r: { num: bigint; den: bigint }): string {
  let den = r.den;
  let twos = 0;
  let fives = 0;
  while (den % 2n === 0n) {
    den /= 2n;
    twos++;
  }
  while (den % 5n === 0n) {
    den /= 5n;
    fives++;
  }
  if (den !== 1n) return `${r.num}/${r.den}`;
  const digits = Math.max(twos, fives);
  const scaled = (r.num * 10n ** BigInt(digits)) / r.den;
  const neg = scaled < 0n;
  const abs = (neg ? -scaled : scaled).toString().padStart(digits + 1, "0");
  const whole = abs.slice(0, abs.length - digits);
  const frac = abs.slice(abs.length - digits).replace(/0+$/, "");
  return `${neg ? "-" : ""}${whole}${frac ? "." + frac : ""}`;
}

/** The text a library value is built from (the argument of its constructor function), where crdlint can write it. */
function opaqueText(v: OpaqueV): string | null {
  const d = v.data as Record<string, unknown>;
  switch (v.typeName) {
    case "net.IP":
      return addrString(v.data as Addr);
    case "net.CIDR":
      return `${addrString(d.addr as Addr)}/${String(d.bits)}`;
    case "kubernetes.Quantity":
      return rationalText(v.data as { num: bigint; den: bigint });
    case "kubernetes.Semver": {
      const pre = d.pre as string[];
      return `${String(d.major)}.${String(d.minor)}.${String(d.patch)}${pre.length ? "-" + pre.join(".") : ""}`;
    }
    case "kubernetes.NamedFormat":
      return String(v.data);
    case "kubernetes.URL": {
      const u = d as { scheme: string; host: string; path: string; rawQuery: string; fragment: string; opaque: string };
      if (u.opaque) return `${u.scheme}:${u.opaque}`;
      return `${u.scheme ? u.scheme + "://" : ""}${u.host}${u.path}${u.rawQuery ? "?" + u.rawQuery : ""}${u.fragment ? "#" + u.fragment : ""}`;
    }
    default:
      return null;
  }
}

/** How each library type is written as a call (CEL has no literal for them). */
const OPAQUE_CONSTRUCTORS: Readonly<Record<string, string>> = {
  "net.IP": "ip",
  "net.CIDR": "cidr",
  "kubernetes.Quantity": "quantity",
  "kubernetes.Semver": "semver",
  "kubernetes.NamedFormat": "format.named",
  "kubernetes.URL": "url",
};

function entriesOf(v: MapV | ObjectV): [Val, Result][] {
  if (v instanceof ObjectV) return v.presentFields().map((f) => [f.name, f.value]);
  return v.keys().map((k) => [k, v.get(k)!]);
}

/** A value written as a CEL literal (lists, maps and schema objects as list and map literals). */
export function celValueText(v: Result): string {
  if (isErr(v)) return `error(${JSON.stringify(v.message)})`;
  if (v === null) return "null";
  switch (typeof v) {
    case "boolean":
      return String(v);
    case "bigint":
      return v.toString();
    case "number":
      return doubleText(v);
    case "string":
      return JSON.stringify(v);
    // no default: the object values are told apart below
  }
  if (v instanceof Uint8Array) return bytesText(v);
  if (v instanceof UintV) return `${v.v}u`;
  if (v instanceof TimestampV) return `timestamp(${JSON.stringify(toCelString(v))})`;
  if (v instanceof DurationV) return `duration(${JSON.stringify(toCelString(v))})`;
  if (v instanceof TypeV) return v.name;
  if (v instanceof OptionalV)
    return v.value === undefined ? "optional.none()" : `optional.of(${celValueText(v.value)})`;
  if (v instanceof OpaqueV) {
    const text = opaqueText(v);
    const ctor = OPAQUE_CONSTRUCTORS[v.typeName];
    return text !== null && ctor ? `${ctor}(${JSON.stringify(text)})` : `<${v.typeName}>`;
  }
  if (v instanceof ListV) return `[${[...v].map(celValueText).join(", ")}]`;
  if (v instanceof MapV || v instanceof ObjectV)
    return `{${entriesOf(v)
      .map(([k, x]) => `${celValueText(k)}: ${celValueText(x)}`)
      .join(", ")}}`;
  return "<unknown>";
}

/**
 * A value as JSON: integers as numbers (as strings past 2^53, where a number would lose digits), doubles as numbers
 * (NaN and the infinities as strings), bytes as base64, timestamps, durations and library values as their text.
 */
export function celValueJson(v: Result): unknown {
  if (isErr(v)) return { error: v.message };
  if (v === null) return null;
  switch (typeof v) {
    case "boolean":
    case "string":
      return v;
    case "bigint":
      return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
    case "number":
      return Number.isFinite(v) ? v : String(v);
    // no default: the object values are told apart below
  }
  if (v instanceof Uint8Array) return Buffer.from(v).toString("base64");
  if (v instanceof UintV) return celValueJson(v.v);
  if (v instanceof TimestampV || v instanceof DurationV) return toCelString(v);
  if (v instanceof TypeV) return v.name;
  if (v instanceof OptionalV) return v.value === undefined ? null : celValueJson(v.value);
  if (v instanceof OpaqueV) return opaqueText(v) ?? `<${v.typeName}>`;
  if (v instanceof ListV) return [...v].map(celValueJson);
  if (v instanceof MapV || v instanceof ObjectV) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of entriesOf(v)) out[typeof k === "string" ? k : celValueText(k)] = celValueJson(x);
    return out;
  }
  return null;
}
