// Compiles and runs one CEL expression with the runtime (test helper, not a test file).
import { parseCel } from "../../dist/cel/core/parser/parse.js";
import { check } from "../../dist/cel/core/checker/checker.js";
import { celEnvironment } from "../../dist/cel/k8s/environment.js";
import { Interpreter, createFunctionRegistry, fromJson } from "../../dist/cel/schema/runtime.js";
import { DYN, INT, STRING, BOOL, BYTES, TIMESTAMP, listOf, mapOf } from "../../dist/cel/core/typeutil.js";

export const T = { DYN, INT, STRING, BOOL, BYTES, TIMESTAMP, listOf, mapOf };

/**
 * Runs `expr` in the CRD environment of Kubernetes 1.`minor` with the given variables ({name: [type, value]}).
 * Values are plain JSON (converted like schema-less data) unless already runtime values.
 */
export function evalCel(expr, vars = {}, { minor = 37, optimize = true, limit = 1_000_000 } = {}) {
  const env = celEnvironment(minor);
  const p = parseCel(expr, {
    macros: env.macros,
    optionalSyntax: env.optionalSyntax,
    accumulatorName: minor >= 32 ? "@result" : "__result__",
  });
  if (p.errors.length) throw new Error(`parse: ${JSON.stringify(p.errors)}`);
  const variables = new Map(Object.entries(vars).map(([k, [t]]) => [k, t]));
  const { ast, errors } = check(p, env, { variables });
  if (errors.length) throw new Error(`check: ${errors.map((e) => e.message).join("; ")}`);
  const values = new Map(Object.entries(vars).map(([k, [, v]]) => [k, v instanceof Uint8Array ? v : fromJson(v)]));
  const it = new Interpreter(ast, env, createFunctionRegistry(env), limit, optimize);
  const out = it.run({ lookup: (n) => values.get(n) });
  return out;
}

/** The value as plain JS for assertions (lists/maps unwrapped, errors as {error}). */
export function plain(v) {
  if (v === null || typeof v !== "object") return v;
  if (v.constructor?.name === "CelErr") return { error: v.message };
  if (v.constructor?.name === "ListV") return [...v].map(plain);
  if (v.constructor?.name === "MapV") return Object.fromEntries(v.keys().map((k) => [String(k), plain(v.get(k))]));
  if (v.constructor?.name === "OptionalV") return v.hasValue ? { optional: plain(v.value) } : { optional: null };
  if (v.constructor?.name === "UintV") return { uint: v.v };
  return v;
}
