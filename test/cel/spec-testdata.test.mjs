// Conformance of the parser and checker against the cel-go parser/checker test data shipped with
// @bufbuild/cel-spec (testdata/parsing.js, checking.js, comprehension.js): AST shapes (debug
// strings), checked types and references, and error messages.
// Run after `npx tsc -p .`: node --test test/cel/spec-testdata.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { tests as parsing } from "@bufbuild/cel-spec/testdata/parsing.js";
import { tests as checking } from "@bufbuild/cel-spec/testdata/checking.js";
import { tests as comprehension } from "@bufbuild/cel-spec/testdata/comprehension.js";
import { toDebugString, KindAdorner } from "@bufbuild/cel-spec/testdata/to-debug-string.js";
import { parseCel } from "../../dist/cel/core/parser/parse.js";
import { check } from "../../dist/cel/core/checker/checker.js";
import { formatIssues } from "../../dist/cel/core/issues.js";
import { standardCelEnvironment, overload } from "../../dist/cel/core/env.js";
import * as T from "../../dist/cel/core/typeutil.js";

const STD_MACROS = [
  "has:1:g",
  "all:2:m",
  "exists:2:m",
  "exists_one:2:m",
  "existsOne:2:m",
  "map:2:m",
  "map:3:m",
  "filter:2:m",
];
const TWO_VAR_MACROS = [
  "all:3:m",
  "exists:3:m",
  "existsOne:3:m",
  "exists_one:3:m",
  "transformList:3:m",
  "transformList:4:m",
  "transformMap:3:m",
  "transformMap:4:m",
  "transformMapEntry:3:m",
  "transformMapEntry:4:m",
];

// Cases that exercise parser limits configured differently in cel-go's tests (recursion and error
// recovery limits, disabled optional / backtick syntax): not reproducible with the CRD defaults.
function configuredDifferently(t) {
  const e = t.error ?? "";
  return /recursion|recovery|unsupported syntax '/.test(e);
}

const PRIMS = { BOOL: T.BOOL, INT64: T.INT, UINT64: T.UINT, DOUBLE: T.DOUBLE, STRING: T.STRING, BYTES: T.BYTES };

/** cel.expr.Type (JSON form) → CelType, or null when unsupported here (messages, wrappers). */
function toCelType(t) {
  if (!t || Object.keys(t).length === 0) return T.DYN;
  if ("primitive" in t) return PRIMS[t.primitive] ?? null;
  if ("dyn" in t) return T.DYN;
  if ("null" in t) return T.NULL;
  if ("wellKnown" in t)
    return t.wellKnown === "TIMESTAMP" ? T.TIMESTAMP : t.wellKnown === "DURATION" ? T.DURATION : null;
  if ("listType" in t) {
    const e = toCelType(t.listType.elemType);
    return e && T.listOf(e);
  }
  if ("mapType" in t) {
    const k = toCelType(t.mapType.keyType);
    const v = toCelType(t.mapType.valueType);
    return k && v && T.mapOf(k, v);
  }
  if ("typeParam" in t) return T.typeParam(t.typeParam);
  if ("type" in t) {
    const o = toCelType(t.type);
    return o && T.typeOf(o);
  }
  if ("abstractType" in t && t.abstractType.name === "optional_type") {
    const p = toCelType(t.abstractType.parameterTypes?.[0]);
    return p && T.optionalOf(p);
  }
  return null;
}

// cel-go checker_test.go declares these when a case brings no environment of its own.
const DEFAULT_IDENTS = [
  ["is", T.STRING],
  ["ii", T.INT],
  ["iu", T.UINT],
  ["iz", T.BOOL],
  ["ib", T.BYTES],
  ["id", T.DOUBLE],
  ["ix", T.NULL],
];
const DEFAULT_FUNCTIONS = [
  ["fg_s", [overload("fg_s_0", false, [], T.STRING)]],
  ["fi_s_s", [overload("fi_s_s_0", true, [T.STRING], T.STRING)]],
];

function envFor(typeEnv) {
  if (!typeEnv) return { functions: DEFAULT_FUNCTIONS, idents: DEFAULT_IDENTS };
  const functions = [];
  const idents = [];
  for (const d of typeEnv) {
    if (d.ident) {
      const t = toCelType(d.ident.type);
      if (!t) return null;
      idents.push([d.name, t]);
    } else if (d.function) {
      const ovs = [];
      for (const o of d.function.overloads) {
        const args = (o.params ?? []).map(toCelType);
        const res = toCelType(o.resultType);
        if (args.some((a) => !a) || !res) return null;
        ovs.push(overload(o.overloadId, o.isInstanceFunction === true, args, res));
      }
      functions.push([d.name, ovs]);
    }
  }
  return { functions, idents };
}

class TypeAdorner {
  constructor(ast) {
    this.ast = ast;
  }
  GetMetadata(elem) {
    if (elem.$typeName !== "cel.expr.Expr") return "";
    let out = "";
    const t = this.ast.types.get(elem.id);
    if (t) out += "~" + T.formatType(t);
    const ref = this.ast.references.get(elem.id);
    if (ref && ["identExpr", "callExpr", "listExpr", "structExpr", "selectExpr"].includes(elem.exprKind.case)) {
      if (ref.overloadIds?.length) out += "^" + [...ref.overloadIds].sort().join("|");
      else if (ref.name) out += "^" + ref.name;
    }
    return out;
  }
}

function parse(expr, { twoVar = false, bind = false } = {}) {
  const macros = new Set([
    ...STD_MACROS,
    ...(twoVar ? TWO_VAR_MACROS : []),
    ...(bind ? ["bind:3:m"] : []),
    "optMap:2:m",
    "optFlatMap:2:m",
  ]);
  return parseCel(expr, { macros, optionalSyntax: true, accumulatorName: "@result" });
}

test("parser: cel-go parser test data (AST shapes and syntax errors)", () => {
  let compared = 0;
  for (const t of parsing.tests) {
    if (configuredDifferently(t)) continue;
    const r = parse(t.original.expr);
    const parseError = t.error && !t.error.includes("<input>");
    if (parseError) {
      assert.equal(formatIssues(r.errors, r.source).replace(/<input>/g, ""), t.error, t.original.expr);
    } else {
      assert.deepEqual(r.errors, [], t.original.expr);
      assert.equal(toDebugString(r.expr, KindAdorner.singleton), t.ast, t.original.expr);
    }
    compared++;
  }
  assert.ok(compared > 150, `compared ${compared}`);
});

function runCheckingSuite(suite, { twoVar, extensions = false }) {
  let compared = 0;
  const failures = [];
  for (const t of suite.tests) {
    if (t.original.container || configuredDifferently(t)) continue;
    if (/TestAllTypes|google\.protobuf|proto[23]|wrapper/.test(JSON.stringify(t))) continue;
    const decls = envFor(t.original.typeEnv);
    if (!decls) continue;
    // The data does not record whether cross-type numeric comparisons were enabled: accept either.
    const attempts = [true, false].map((cross) => runCheckingCase(t, decls, { cross, twoVar, extensions }));
    if (!attempts.some((a) => a.length === 0)) failures.push(...attempts[0]);
    compared++;
  }
  return { compared, failures };
}

function runCheckingCase(t, decls, { cross, twoVar, extensions }) {
  const problems = [];
  const eq = (got, want, what) => {
    if (got !== want) problems.push(`${t.original.expr} [${what}]\n  want: ${want}\n  got:  ${got}`);
  };
  const env = standardCelEnvironment({
    crossTypeNumericComparisons: cross,
    optionalTypes: true,
    twoVarComprehensions: twoVar,
    ...(extensions ? { strings: 3, bindings: true } : {}),
    ...decls,
  });
  const p = parse(t.original.expr, { twoVar, bind: extensions });
  if (p.errors.length > 0) {
    const got = formatIssues(p.errors, p.source).replace(/^ERROR: :/gm, "ERROR: <input>:");
    eq(got, (t.error ?? "").replace(/^ERROR: :/gm, "ERROR: <input>:"), "parse");
    return problems;
  }
  const { ast, errors } = check(p, env, { validators: false });
  eq(formatIssues(errors, p.source), t.error ?? "", "errors");
  if (!t.error) {
    if (t.checkedAst) eq(toDebugString(ast.expr, new TypeAdorner(ast)), t.checkedAst, "checked AST");
    if (t.type) eq(T.formatType(ast.types.get(ast.expr.id)), t.type.replace(/^optional\(/, "optional_type("), "type");
  }
  return problems;
}

test("checker: cel-go checker test data (types, references, errors)", () => {
  const { compared, failures } = runCheckingSuite(checking, { twoVar: false });
  if (failures.length) console.log(failures.join("\n\n"));
  assert.deepEqual(failures, []);
  assert.ok(compared > 60, `compared ${compared}`);
});

test("checker: two-variable comprehension test data", () => {
  // The data was generated without the two-variable macros: 3-argument `all` etc. are plain calls.
  const { compared, failures } = runCheckingSuite(comprehension, { twoVar: false, extensions: true });
  if (failures.length) console.log(failures.join("\n\n"));
  assert.deepEqual(failures, []);
  assert.ok(compared > 50, `compared ${compared}`);
});
