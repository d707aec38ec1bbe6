/** Evaluating the CEL rules for the resource exceeds the per-call limit or the per-request budget: the apiserver stops CEL validation with an error. */
import { defineEngineRule } from "../define-rule.js";

// Emitted by `crdlint validate` (src/commands/validate/index.ts), never by `crdlint lint`: its examples hold a CRD and a resource.
export default defineEngineRule({
  id: "resource-cel-cost-exceeded",
  category: "resource",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description:
    "Evaluating the CEL rules for the resource exceeds the per-call limit or the per-request budget: the apiserver " +
    "stops CEL validation with an error.",
  docs: {
    why:
      "Runtime cost is bounded per rule call (1,000,000) and per object (10,000,000); exceeding either rejects the " +
      "object.",
    fix: "Keep the lists the rules iterate small, or make the rules cheaper.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go",
    fail: "",
    pass: "",
  },
});
