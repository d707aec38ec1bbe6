/**
 * The Kubernetes regex library (kubernetes/apiserver pkg/cel/library/regex.go): its declarations, its functions at
 * runtime, and its costs, estimated and at runtime (which upstream keeps in library/cost.go).
 */
// Upstream: kubernetes/apiserver:pkg/cel/library/regex.go, pkg/cel/library/cost.go
import { INT, LIST_STRING, STRING } from "../core/typeutil.js";
import { m, type Lib } from "../core/checker/decls.js";
import { RE2JS } from "@bufbuild/re2";
import { CelErr, ListV, isErr, actualSize, type Result } from "../core/interpreter/values.js";
import { re2FindAll } from "../core/interpreter/re2find.js";
import { REGEX_LENGTH, STRING_TRAVERSAL, type Impl } from "../core/interpreter/functions.js";
import { ST, RX, ONE, radd, rmul, rfac } from "../core/cost/range.js";
import type { KubernetesLibrary } from "./library.js";

// ---------------------------------------------------------------------------------------------------------------
// declarations

export const regexLib: Lib = {
  fns: [
    ["find", [m("string_find_string", [STRING, STRING], STRING)]],
    [
      "findAll",
      [
        m("string_find_all_string", [STRING, STRING], LIST_STRING),
        m("string_find_all_string_int", [STRING, STRING, INT], LIST_STRING),
      ],
    ],
  ],
};

// ---------------------------------------------------------------------------------------------------------------
// runtime

function compileRe(re: string): RE2JS | CelErr {
  try {
    return RE2JS.compile(re);
  } catch (e) {
    return new CelErr(`error parsing regexp: ${(e as Error).message}`);
  }
}

function find(s: string, re: string): Result {
  const r = compileRe(re);
  if (isErr(r)) return r;
  return re2FindAll(r, s, 1)[0] ?? "";
}

function findAll(s: string, re: string, n: number): Result {
  const r = compileRe(re);
  if (isErr(r)) return r;
  return ListV.of(re2FindAll(r, s, n));
}

export const REGEX_FUNCTIONS: Record<string, Impl> = {
  string_find_string: ([s, re]) => find(s as string, re as string),
  string_find_all_string: ([s, re]) => findAll(s as string, re as string, -1),
  string_find_all_string_int: ([s, re, n]) => findAll(s as string, re as string, Number(n as bigint)),
};

// ---------------------------------------------------------------------------------------------------------------
// cost

export const regexLibrary: KubernetesLibrary = {
  functions: REGEX_FUNCTIONS,
  estimate(coster, fn, _ov, target, args) {
    if (fn !== "find" && fn !== "findAll") return null;
    if (target && args.length >= 1) {
      const s = coster.libSize(target);
      const str = rfac(radd(s, ONE), ST);
      const re = rfac(coster.libSize(args[0]!), RX);
      return { cost: rmul(str, re), size: { min: 0, max: s.max } };
    }
    return null;
  },
  callCost(fn, _id, args) {
    if (fn !== "find" && fn !== "findAll") return undefined;
    if (args.length >= 2) {
      const strCost = Math.ceil((1 + actualSize(args[0]!)) * STRING_TRAVERSAL);
      const regexCost = Math.ceil(actualSize(args[1]!) * REGEX_LENGTH);
      return strCost * regexCost;
    }
    return undefined;
  },
};
