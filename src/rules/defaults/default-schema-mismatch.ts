/** A default that does not validate against its own node's schema. */
import { defineRule } from "../define-rule.js";
import { defaultErrorReports } from "./analyze.js";

export default defineRule({
  id: "default-schema-mismatch",
  category: "defaults",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A default violates its own schema (type, enum, bounds, length, pattern, format, required…).",
  phase: "defaults",
  minMinor: 16,
  docs: {
    why:
      "Every default reachable through `properties` and `items` is validated against its node's schema with the same " +
      "OpenAPI validator that checks custom resources, so an invalid default is caught when the CRD is created " +
      "instead of breaking every object that omits the field. Errors carry the default's path (`<node>.default`, " +
      "plus `.<name>` inside object defaults) and kube-openapi's text, whose subject is the path inside the default " +
      "— empty for the default itself, hence details like ` in body should be greater than or equal to 1`. Formats " +
      "are checked as kube-openapi's registry knows them (not stripped), and `x-kubernetes-int-or-string` alone is " +
      "no type check here.",
    fix: "Change the default so that it satisfies the schema (or relax the schema).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/defaulting/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    replicas: {type: integer, minimum: 1, default: 0}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    replicas: {type: integer, minimum: 1, default: 1}\n",
  },
  visitKeys: ["default"],
  visitNode(node, ctx) {
    for (const r of defaultErrorReports(node, ctx, "schema")) ctx.report(r);
  },
});
