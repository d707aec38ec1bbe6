/**
 * Macro expanders (cel-go parser/macro.go, cel/library.go optMap/optFlatMap, ext/comprehensions.go,
 * ext/bindings.go, ext/lists.go sortBy), keyed `name:argCount:m|g` as the environment enables them.
 */
import type { Expr } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import type { Parser } from "./parser.js";
import { selectExpr, identName, TRUE_K, FALSE_K } from "./ast.js";

const LEGACY_ACCUMULATOR = "__result__";

type MacroExpander = (p: Parser, callId: bigint, target: Expr | undefined, args: Expr[]) => Expr | null;

/** `callLocated`: the error had no location before cel-go v0.17 (map's and filter's), see Parser.macroError. */
function checkIterVar(p: Parser, arg: Expr, simpleNameMsg: string, callLocated = false): string | Expr {
  const v = identName(arg);
  if (v === null) return p.macroError(arg, simpleNameMsg, callLocated);
  if (v === p.accu || v === LEGACY_ACCUMULATOR)
    return p.macroError(arg, "iteration variable overwrites accumulator variable");
  return v;
}

function quantifier(kind: "all" | "exists" | "existsOne"): MacroExpander {
  return (p, id, target, args) => {
    const v = checkIterVar(p, args[0]!, "argument must be a simple name");
    if (typeof v !== "string") return v;
    return buildQuantifier(p, id, kind, target!, v, "", args[1]!);
  };
}

function buildQuantifier(
  p: Parser,
  id: bigint,
  kind: "all" | "exists" | "existsOne",
  target: Expr,
  v: string,
  v2: string,
  pred: Expr,
): Expr {
  const accu = p.accu;
  let init: Expr;
  let cond: Expr;
  let step: Expr;
  let result: Expr;
  if (kind === "all") {
    init = p.mLiteral(id, TRUE_K);
    cond = p.mCall(id, "@not_strictly_false", [p.mIdent(id, accu)]);
    const a = p.mIdent(id, accu);
    step = p.mCall(id, "_&&_", [a, pred]);
    result = p.mIdent(id, accu);
  } else if (kind === "exists") {
    init = p.mLiteral(id, FALSE_K);
    const a = p.mIdent(id, accu);
    const not = p.mCall(id, "!_", [a]);
    cond = p.mCall(id, "@not_strictly_false", [not]);
    const a2 = p.mIdent(id, accu);
    step = p.mCall(id, "_||_", [a2, pred]);
    result = p.mIdent(id, accu);
  } else {
    init = p.mLiteral(id, { case: "int64Value", value: 0n });
    cond = p.mLiteral(id, TRUE_K);
    const a = p.mIdent(id, accu);
    const one = p.mLiteral(id, { case: "int64Value", value: 1n });
    const add = p.mCall(id, "_+_", [a, one]);
    const a2 = p.mIdent(id, accu);
    step = p.mCall(id, "_?_:_", [pred, add, a2]);
    const a3 = p.mIdent(id, accu);
    const one2 = p.mLiteral(id, { case: "int64Value", value: 1n });
    result = p.mCall(id, "_==_", [a3, one2]);
  }
  return p.mComprehension(id, target, v, v2, accu, init, cond, step, result);
}

const makeMap: MacroExpander = (p, id, target, args) => {
  const v = checkIterVar(p, args[0]!, "argument is not an identifier", true);
  if (typeof v !== "string") return v;
  const filter = args.length === 3 ? args[1]! : null;
  const fn = args.length === 3 ? args[2]! : args[1]!;
  const init = p.mList(id, []);
  const cond = p.mLiteral(id, TRUE_K);
  const a = p.mIdent(id, p.accu);
  const l = p.mList(id, [fn]);
  let step = p.mCall(id, "_+_", [a, l]);
  if (filter) {
    const a2 = p.mIdent(id, p.accu);
    step = p.mCall(id, "_?_:_", [filter, step, a2]);
  }
  const result = p.mIdent(id, p.accu);
  return p.mComprehension(id, target!, v, "", p.accu, init, cond, step, result);
};

const makeFilter: MacroExpander = (p, id, target, args) => {
  const v = checkIterVar(p, args[0]!, "argument is not an identifier", true);
  if (typeof v !== "string") return v;
  const filter = args[1]!;
  const init = p.mList(id, []);
  const cond = p.mLiteral(id, TRUE_K);
  const a = p.mIdent(id, p.accu);
  const l = p.mList(id, [args[0]!]);
  let step = p.mCall(id, "_+_", [a, l]);
  const a2 = p.mIdent(id, p.accu);
  step = p.mCall(id, "_?_:_", [filter, step, a2]);
  const result = p.mIdent(id, p.accu);
  return p.mComprehension(id, target!, v, "", p.accu, init, cond, step, result);
};

const makeHas: MacroExpander = (p, id, _target, args) => {
  const a = args[0]!;
  if (a.exprKind.case === "selectExpr") {
    return selectExpr(p.macroId(id), a.exprKind.value.operand!, a.exprKind.value.field, true);
  }
  return p.macroError(a, "invalid argument to has() macro", true);
};

function twoVars(p: Parser, a0: Expr, a1: Expr): [string, string] | Expr {
  const v1 = identName(a0);
  if (v1 === null) return p.macroError(a0, "argument must be a simple name");
  const v2 = identName(a1);
  if (v2 === null) return p.macroError(a1, "argument must be a simple name");
  if (v1 === v2) return p.macroError(a1, `duplicate variable name: ${v1}`);
  if (v1 === p.accu || v1 === LEGACY_ACCUMULATOR)
    return p.macroError(a0, "iteration variable overwrites accumulator variable");
  if (v2 === p.accu || v2 === LEGACY_ACCUMULATOR)
    return p.macroError(a1, "iteration variable overwrites accumulator variable");
  return [v1, v2];
}

function quantifier2(kind: "all" | "exists" | "existsOne"): MacroExpander {
  return (p, id, target, args) => {
    const vs = twoVars(p, args[0]!, args[1]!);
    if (!Array.isArray(vs)) return vs;
    return buildQuantifier(p, id, kind, target!, vs[0], vs[1], args[2]!);
  };
}

const transformList: MacroExpander = (p, id, target, args) => {
  const vs = twoVars(p, args[0]!, args[1]!);
  if (!Array.isArray(vs)) return vs;
  const filter = args.length === 4 ? args[2]! : null;
  const transform = args.length === 4 ? args[3]! : args[2]!;
  const a = p.mIdent(id, p.accu);
  const l = p.mList(id, [transform]);
  let step = p.mCall(id, "_+_", [a, l]);
  if (filter) step = p.mCall(id, "_?_:_", [filter, step, p.mIdent(id, p.accu)]);
  const init = p.mList(id, []);
  const cond = p.mLiteral(id, TRUE_K);
  const result = p.mIdent(id, p.accu);
  return p.mComprehension(id, target!, vs[0], vs[1], p.accu, init, cond, step, result);
};

function transformMapLike(entry: boolean): MacroExpander {
  return (p, id, target, args) => {
    const vs = twoVars(p, args[0]!, args[1]!);
    if (!Array.isArray(vs)) return vs;
    const filter = args.length === 4 ? args[2]! : null;
    const transform = args.length === 4 ? args[3]! : args[2]!;
    const a = p.mIdent(id, p.accu);
    let step = entry
      ? p.mCall(id, "cel.@mapInsert", [a, transform])
      : p.mCall(id, "cel.@mapInsert", [a, p.mIdent(id, vs[0]), transform]);
    if (filter) step = p.mCall(id, "_?_:_", [filter, step, p.mIdent(id, p.accu)]);
    const init = p.mMap(id);
    const cond = p.mLiteral(id, TRUE_K);
    const result = p.mIdent(id, p.accu);
    return p.mComprehension(id, target!, vs[0], vs[1], p.accu, init, cond, step, result);
  };
}

const UNUSED_ITER_VAR = "#unused";

function optMapLike(flat: boolean): MacroExpander {
  return (p, id, target, args) => {
    const varName = identName(args[0]!);
    if (varName === null) {
      return p.macroError(args[0]!, `${flat ? "optFlatMap" : "optMap"}() variable name must be a simple identifier`);
    }
    const mapExpr = args[1]!;
    const has = p.mMemberCall(id, "hasValue", target!, []);
    const range = p.mList(id, []);
    const value = p.mMemberCall(id, "value", target!, []);
    const f = p.mLiteral(id, FALSE_K);
    const vIdent = p.mIdent(id, varName);
    const compre = p.mComprehension(id, range, UNUSED_ITER_VAR, "", varName, value, f, vIdent, mapExpr);
    const thenBranch = flat ? compre : p.mCall(id, "optional.of", [compre]);
    const none = p.mCall(id, "optional.none", []);
    return p.mCall(id, "_?_:_", [has, thenBranch, none]);
  };
}

const celBind: MacroExpander = (p, id, target, args) => {
  if (!target || identName(target) !== "cel") return null;
  const varName = identName(args[0]!);
  if (varName === null) return p.macroError(args[0]!, "cel.bind() variable names must be simple identifiers");
  const range = p.mList(id, []);
  const f = p.mLiteral(id, FALSE_K);
  const vIdent = p.mIdent(id, varName);
  return p.mComprehension(id, range, UNUSED_ITER_VAR, "", varName, args[1]!, f, vIdent, args[2]!);
};

const sortBy: MacroExpander = (p, id, target, args) => {
  const t = target!;
  const tk = t.exprKind.case;
  if (
    tk !== "listExpr" &&
    tk !== "selectExpr" &&
    tk !== "identExpr" &&
    tk !== "comprehensionExpr" &&
    tk !== "callExpr"
  ) {
    return p.macroError(
      t,
      "sortBy can only be applied to a list, identifier, comprehension, call or select expression",
    );
  }
  const mapperVar = identName(args[0]!);
  if (mapperVar === null) return p.macroError(args[0]!, "sortBy(var, ...) variable name must be a simple identifier");
  const inputName = "@__sortBy_input__";
  const varIdent = p.mIdent(id, inputName);
  const range = p.mList(id, []);
  const f = p.mLiteral(id, FALSE_K);
  const inner = p.copy(varIdent);
  const mapRange = p.copy(varIdent);
  const a = p.mIdent(id, p.accu);
  const l = p.mList(id, [args[1]!]);
  const step = p.mCall(id, "_+_", [a, l]);
  const init = p.mList(id, []);
  const cond = p.mLiteral(id, TRUE_K);
  const result = p.mIdent(id, p.accu);
  const mapped = p.mComprehension(id, mapRange, mapperVar, "", p.accu, init, cond, step, result);
  const call = p.mMemberCall(id, "@sortByAssociatedKeys", inner, [mapped]);
  return p.mComprehension(id, range, UNUSED_ITER_VAR, "", inputName, t, f, varIdent, call);
};

export const MACROS: Record<string, MacroExpander> = {
  "has:1": makeHas,
  "all:2": quantifier("all"),
  "exists:2": quantifier("exists"),
  "exists_one:2": quantifier("existsOne"),
  "existsOne:2": quantifier("existsOne"),
  "map:2": makeMap,
  "map:3": makeMap,
  "filter:2": makeFilter,
  "all:3": quantifier2("all"),
  "exists:3": quantifier2("exists"),
  "existsOne:3": quantifier2("existsOne"),
  "exists_one:3": quantifier2("existsOne"),
  "transformList:3": transformList,
  "transformList:4": transformList,
  "transformMap:3": transformMapLike(false),
  "transformMap:4": transformMapLike(false),
  "transformMapEntry:3": transformMapLike(true),
  "transformMapEntry:4": transformMapLike(true),
  "optMap:2": optMapLike(false),
  "optFlatMap:2": optMapLike(true),
  "bind:3": celBind,
  "sortBy:2": sortBy,
};

export const MACRO_NAMES = new Set(Object.keys(MACROS).map((k) => k.slice(0, k.lastIndexOf(":"))));
