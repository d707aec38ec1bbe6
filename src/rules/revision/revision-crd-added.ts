/** A CRD in NEW that OLD does not have: it is created, with the create-time checks. */
import { defineEngineRule } from "../define-rule.js";

export default defineEngineRule({
  id: "revision-crd-added",
  category: "revision",
  severity: "info",
  apiserver: false,
  preset: "recommended",
  presetWhy: "A revision change users notice (kubectl output, warnings, the conversion path, a new CRD) without losing data: reported as info, only with an OLD revision (diff, lint --against), so a release note can mention it.",
  type: null,
  description: "A CRD in NEW that OLD does not have (reported by the revision engine: it has no pair).",
  docs: {
    why: "A new CRD is created, not updated: the apiserver judges it with the create-time checks, which crdlint reports as lint does. Listed so that a review sees every API the change adds.",
    fix: "Nothing to fix; configure the rule off to hide it.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresourcedefinition/strategy.go (Validate)",
    fail: "old: null\nnew: {}\n",
    pass: "old: {}\nnew: {}\n",
  },
});
