/** deprecationWarning may only be set on deprecated versions. */
import { defineRule } from "../define-rule.js";
import type { VersionView } from "../../crd/model.js";
import { goJson } from "../../k8s/go.js";
import { releaseHas } from "../../k8s/releases.js";
import { RenderedValue } from "../../k8s/validation.js";

/**
 * The value of a deprecationWarning error: the *string itself, which the field package marshals as JSON from 1.34
 * (`"bell\u0007"`) and dereferences and quotes with %q before.
 */
export function warningValue(w: string, minor: number): unknown {
  return releaseHas(minor, "fieldValueRendered") ? new RenderedValue(goJson(w)) : w;
}

export default defineRule({
  id: "deprecation-warning-not-deprecated",
  category: "versions",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "deprecationWarning is set on a version without deprecated: true.",
  phase: "crd",
  minMinor: 19,
  messages: {
    canOnlyBeSetFor: "can only be set for deprecated versions",
  },
  docs: {
    why:
      "The warning is only sent for deprecated versions, so the apiserver rejects it (even an empty string) unless " +
      "`deprecated: true` is set; no other deprecationWarning check runs then.",
    fix: "Add `deprecated: true` to the version, or remove deprecationWarning.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (validateDeprecationWarning)",
    fail: 'versions:\n- {name: v1, served: true, storage: true, deprecationWarning: "old", schema: {openAPIV3Schema: {type: object}}}\n',
    pass: 'versions:\n- {name: v1, served: true, storage: true, deprecated: true, deprecationWarning: "old", schema: {openAPIV3Schema: {type: object}}}\n',
  },
  check(ctx) {
    for (const v of ctx.crd.versions) {
      const w = warningOf(v);
      if (w === null || v.raw.deprecated === true) continue;
      ctx.report({
        path: v.path.child("deprecationWarning"),
        messageId: "canOnlyBeSetFor",
        value: warningValue(w, ctx.minor),
        suggestion: "add deprecated: true",
      });
    }
  },
});

/** The deprecationWarning string (a *string: null/absent → null; other JSON types fail decoding → null). */
export function warningOf(v: VersionView): string | null {
  const w = v.raw.deprecationWarning;
  return typeof w === "string" ? w : null;
}
