/** Lint (info): a transition rule (oldSelf without optionalOldSelf) never runs on create. */
import { defineRule } from "../define-rule.js";
import { validationEntries } from "../../crd/validation-entries.js";
import { releaseHas } from "../../k8s/releases.js";

export default defineRule({
  id: "lint-cel-transition-rule-on-create",
  category: "cel-compile",
  severity: "info",
  apiserver: false,
  type: null,
  description:
    "A rule referencing oldSelf without optionalOldSelf is skipped on create and whenever there is no old value.",
  preset: "strict",
  presetWhy: "Usually intended: immutability rules (`self == oldSelf`) are meant to run on update only.",
  phase: "walk",
  minMinor: 25,
  messages: {
    theRuleUsesOldselfWithout:
      "the rule uses oldSelf without optionalOldSelf: true, so it is skipped on create and whenever the field had no " +
      "old value",
  },
  docs: {
    why:
      "A rule that mentions `oldSelf` is a transition rule: the apiserver evaluates it only on update, and only when " +
      "the field existed before. Creating an object, or adding the field later, never runs it, so a rule such as " +
      "`self.replicas <= oldSelf.replicas + 1` cannot also enforce a bound on new objects.",
    fix:
      "If the rule should also hold on create, set `optionalOldSelf: true` (Kubernetes 1.30+) and handle the absent " +
      "old value (`oldSelf.hasValue()`), or add a separate rule without `oldSelf`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: string, x-kubernetes-validations: [{rule: 'self == oldSelf', message: a is immutable}]}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: string, x-kubernetes-validations: [{rule: \"self != 'oldSelf'\", message: a may not be oldSelf}]}}}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    for (const e of validationEntries(node, ctx.memo)) {
      if (e.optionalOldSelf === true && releaseHas(ctx.minor, "ratcheting")) continue;
      const at = oldSelfOffset(e.rule);
      if (at < 0) continue;
      ctx.report({
        path: e.path.child("rule"),
        offset: at,
        messageId: "theRuleUsesOldselfWithout",
      });
    }
  },
});

const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_]/;
const STRING_PREFIX = /^(?:[rRbB]|[rR][bB]|[bB][rR])$/;

/**
 * Offset of the first `oldSelf` identifier of a CEL expression (not inside a string literal or comment,
 * not a field selection `x.oldSelf`), or -1.
 */
export function oldSelfOffset(src: string): number {
  if (!src.includes("oldSelf")) return -1;
  let i = 0;
  let afterDot = false;
  const n = src.length;
  while (i < n) {
    const c = src[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f") {
      i++;
      continue;
    }
    if (c === "/" && src[i + 1] === "/") {
      while (i < n && src[i] !== "\n") i++;
      continue;
    }
    if (c === '"' || c === "'") {
      i = skipString(src, i, false);
      afterDot = false;
      continue;
    }
    if (c === "`") {
      // A quoted field name (`a.b`), only valid after a dot.
      const end = src.indexOf("`", i + 1);
      i = end < 0 ? n : end + 1;
      afterDot = false;
      continue;
    }
    if (IDENT_START.test(c)) {
      const start = i;
      while (i < n && IDENT_PART.test(src[i]!)) i++;
      const word = src.slice(start, i);
      if ((src[i] === '"' || src[i] === "'") && STRING_PREFIX.test(word)) {
        i = skipString(src, i, /[rR]/.test(word));
        afterDot = false;
        continue;
      }
      if (word === "oldSelf" && !afterDot) return start;
      afterDot = false;
      continue;
    }
    afterDot = c === ".";
    i++;
  }
  return -1;
}

/** Index just past the string literal opening at `i` (single, double or triple quoted). */
function skipString(src: string, i: number, raw: boolean): number {
  const q = src[i]!;
  const triple = src[i + 1] === q && src[i + 2] === q;
  const n = src.length;
  if (triple) {
    const close = q + q + q;
    let j = i + 3;
    while (j < n) {
      if (!raw && src[j] === "\\") {
        j += 2;
        continue;
      }
      if (src.startsWith(close, j)) return j + 3;
      j++;
    }
    return n;
  }
  let j = i + 1;
  while (j < n) {
    const c = src[j]!;
    if (!raw && c === "\\") {
      j += 2;
      continue;
    }
    if (c === q || c === "\n") return j + 1;
    j++;
  }
  return n;
}
