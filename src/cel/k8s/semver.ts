/**
 * The Kubernetes semver library (kubernetes/apiserver pkg/cel/library/semverlib.go): its declarations, its functions at
 * runtime, and its costs, estimated and at runtime (which upstream keeps in library/cost.go).
 */
// Upstream: kubernetes/apiserver:pkg/cel/library/semverlib.go, pkg/cel/semver.go, pkg/cel/library/cost.go
import { BOOL, INT, SEMVER_TYPE, STRING } from "../core/typeutil.js";
import { g, m, type Lib } from "../core/checker/decls.js";
import { CelErr, OpaqueV, type Val } from "../core/interpreter/values.js";
import type { Impl } from "../core/interpreter/functions.js";
import { ST, ONE, rfac } from "../core/cost/range.js";
import type { KubernetesLibrary } from "./library.js";

// ---------------------------------------------------------------------------------------------------------------
// declarations

export function semverLib(version: number): Lib {
  const semver = [g("string_to_semver", [STRING], SEMVER_TYPE)];
  const isSemver = [g("is_semver_string", [STRING], BOOL)];
  if (version >= 1) {
    semver.push(g("string_bool_to_semver", [STRING, BOOL], SEMVER_TYPE));
    isSemver.push(g("is_semver_string_bool", [STRING, BOOL], BOOL));
  }
  return {
    fns: [
      ["semver", semver],
      ["isSemver", isSemver],
      ["isGreaterThan", [m("semver_is_greater_than", [SEMVER_TYPE, SEMVER_TYPE], BOOL)]],
      ["isLessThan", [m("semver_is_less_than", [SEMVER_TYPE, SEMVER_TYPE], BOOL)]],
      ["compareTo", [m("semver_compare_to", [SEMVER_TYPE, SEMVER_TYPE], INT)]],
      ["major", [m("semver_major", [SEMVER_TYPE], INT)]],
      ["minor", [m("semver_minor", [SEMVER_TYPE], INT)]],
      ["patch", [m("semver_patch", [SEMVER_TYPE], INT)]],
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// runtime

const SEMVER_TYPE_NAME = "kubernetes.Semver";
interface Semver {
  major: bigint;
  minor: bigint;
  patch: bigint;
  pre: string[];
}

const DIGITS = /^[0-9]*$/;
const ALNUM = /^[0-9A-Za-z-]*$/;
const leadingZeroes = (x: string) => x.length > 1 && x[0] === "0";

/** blang/semver/v4 Parse (strict), after the library's optional normalization (`v` prefix, missing minor/patch). */
function parseSemver(input: string, normalize: boolean): Semver | string {
  let s = input;
  if (normalize) {
    if (s.startsWith("v")) s = s.slice(1);
    const core = /^[^-+]*/.exec(s)![0];
    const rest = s.slice(core.length);
    const parts = core.split(".");
    while (parts.length < 3) parts.push("0");
    s = parts.map((x) => (/^[0-9]+$/.test(x) ? x.replace(/^0+(?=\d)/, "") : x)).join(".") + rest;
  }
  if (s.length === 0) return "Version string empty";
  const dot1 = s.indexOf(".");
  const dot2 = dot1 < 0 ? -1 : s.indexOf(".", dot1 + 1);
  if (dot1 < 0 || dot2 < 0) return "No Major.Minor.Patch elements found";
  const parts = [s.slice(0, dot1), s.slice(dot1 + 1, dot2), s.slice(dot2 + 1)];
  const num = (x: string, what: string): bigint | string => {
    if (!DIGITS.test(x)) return `Invalid character(s) found in ${what.toLowerCase()} number ${JSON.stringify(x)}`;
    if (leadingZeroes(x)) return `${what} number must not contain leading zeroes ${JSON.stringify(x)}`;
    if (x === "") return `strconv.ParseUint: parsing "": invalid syntax`;
    return BigInt(x);
  };
  const major = num(parts[0]!, "Major");
  if (typeof major === "string") return major;
  const minor = num(parts[1]!, "Minor");
  if (typeof minor === "string") return minor;
  let patchStr = parts[2]!;
  let build: string[] = [];
  let pre: string[] = [];
  const plus = patchStr.indexOf("+");
  if (plus >= 0) {
    build = patchStr.slice(plus + 1).split(".");
    patchStr = patchStr.slice(0, plus);
  }
  const dash = patchStr.indexOf("-");
  if (dash >= 0) {
    pre = patchStr.slice(dash + 1).split(".");
    patchStr = patchStr.slice(0, dash);
  }
  const patch = num(patchStr, "Patch");
  if (typeof patch === "string") return patch;
  for (const p of pre) {
    if (p === "") return "Prerelease is empty";
    if (DIGITS.test(p)) {
      if (leadingZeroes(p)) return `Numeric PreRelease version must not contain leading zeroes ${JSON.stringify(p)}`;
    } else if (!ALNUM.test(p)) return `Invalid character(s) found in prerelease ${JSON.stringify(p)}`;
  }
  for (const b of build) {
    if (b === "") return "Build meta data is empty";
    if (!ALNUM.test(b)) return `Invalid character(s) found in build meta data ${JSON.stringify(b)}`;
  }
  return { major, minor, patch, pre };
}

function semverCmp(a: Semver, b: Semver): number {
  for (const k of ["major", "minor", "patch"] as const) if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  if (a.pre.length === 0 && b.pre.length === 0) return 0;
  if (a.pre.length === 0) return 1;
  if (b.pre.length === 0) return -1;
  for (let i = 0; i < Math.min(a.pre.length, b.pre.length); i++) {
    const x = a.pre[i]!;
    const y = b.pre[i]!;
    const xn = /^\d+$/.test(x);
    const yn = /^\d+$/.test(y);
    if (xn && yn) {
      const d = BigInt(x) - BigInt(y);
      if (d !== 0n) return d < 0n ? -1 : 1;
    } else if (xn !== yn) return xn ? -1 : 1;
    else if (x !== y) return x < y ? -1 : 1;
  }
  return a.pre.length === b.pre.length ? 0 : a.pre.length < b.pre.length ? -1 : 1;
}

function semverVal(v: Semver): OpaqueV {
  return new OpaqueV(SEMVER_TYPE_NAME, v, (o) => semverCmp(o.data as Semver, v) === 0);
}

const sv = (v: Val) => (v as OpaqueV).data as Semver;

export const SEMVER_FUNCTIONS: Record<string, Impl> = {
  string_to_semver: ([s]) => {
    const v = parseSemver(s as string, false);
    return typeof v === "string" ? new CelErr(v) : semverVal(v);
  },
  string_bool_to_semver: ([s, n]) => {
    const v = parseSemver(s as string, n as boolean);
    return typeof v === "string" ? new CelErr(v) : semverVal(v);
  },
  is_semver_string: ([s]) => typeof parseSemver(s as string, false) !== "string",
  is_semver_string_bool: ([s, n]) => typeof parseSemver(s as string, n as boolean) !== "string",
  semver_is_greater_than: ([a, b]) => semverCmp(sv(a!), sv(b!)) > 0,
  semver_is_less_than: ([a, b]) => semverCmp(sv(a!), sv(b!)) < 0,
  semver_compare_to: ([a, b]) => BigInt(semverCmp(sv(a!), sv(b!))),
  semver_major: ([a]) => sv(a!).major,
  semver_minor: ([a]) => sv(a!).minor,
  semver_patch: ([a]) => sv(a!).patch,
};

// ---------------------------------------------------------------------------------------------------------------
// cost

// at runtime the semver library's calls fall to cel-go's defaults (isGreaterThan, isLessThan and compareTo: the
// quantity library's names, 1)
const COST_ONE = new Set(["isGreaterThan", "isLessThan", "compareTo", "major", "minor", "patch"]);

export const semverLibrary: KubernetesLibrary = {
  functions: SEMVER_FUNCTIONS,
  estimate(coster, fn, _ov, _target, args) {
    if (COST_ONE.has(fn)) return { cost: ONE, size: null };
    if ((fn === "semver" || fn === "isSemver") && args.length >= 1)
      return { cost: rfac(coster.libSize(args[0]!), ST), size: null };
    return null;
  },
  estimateEquality: (name) => (name === "kubernetes.Semver" ? { cost: ONE, size: null } : null),
};
