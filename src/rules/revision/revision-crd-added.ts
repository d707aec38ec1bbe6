/** A CRD in NEW that OLD does not have: it is created, with the create-time checks. */
import { defineRevisionEngineRule } from "./common.js";

export default defineRevisionEngineRule({
  id: "revision-crd-added",
  severity: "info",
  description: "A CRD in NEW that OLD does not have (reported by the revision engine: it has no pair).",
  docs: {
    why:
      "A new CRD is created, not updated: the apiserver judges it with the create-time checks, which crdlint reports " +
      "as lint does. Listed so that a review sees every API the change adds.",
    fix: "Nothing to fix; configure the rule off to hide it.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresourcedefinition/strategy.go (Validate)",
    fail: "old: null\nnew: {}\n",
    pass: "old: {}\nnew: {}\n",
  },
});
