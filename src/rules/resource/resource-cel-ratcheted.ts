/** On update, a CEL rule fails on a value that did not change: the apiserver lets the update through with a warning (ratcheting). */
import { defineEngineRule } from "../define-rule.js";
import { RELEASE_BEHAVIOURS } from "../../k8s/releases.js";

// Emitted by `crdlint validate --old` (src/commands/validate/index.ts), never by `crdlint lint`.
export default defineEngineRule({
  id: "resource-cel-ratcheted",
  category: "resource",
  severity: "warning",
  apiserver: false,
  type: null,
  minMinor: RELEASE_BEHAVIOURS.ratcheting.since,
  description:
    "On update, a CEL rule fails on a value that did not change: the apiserver lets the update through with a warning (ratcheting).",
  preset: "apiserver",
  presetWhy: "The apiserver's own warning on update (validation ratcheting).",
  docs: {
    why:
      "With CRDValidationRatcheting (on by default from Kubernetes 1.30) a rule that does not use oldSelf and fails " +
      "on a node whose value equals the stored one is not an error: objects stored before the rule was added stay " +
      "updatable. The apiserver returns the failure as a warning.",
    fix: "Fix the value when convenient; the next change to it must satisfy the rule.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go",
    fail: "",
    pass: "",
  },
});
