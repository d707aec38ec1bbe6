/** A scale path that does not resolve in the schema: /scale then reads nothing. */
import { defineRule } from "../define-rule.js";
import { resolvedScalePaths } from "./scale-lint.js";
import { stepsPrefix, versionsNote } from "../../crd/schema-lookup.js";

export default defineRule({
  id: "lint-scale-path-not-in-schema",
  category: "subresources",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "A scale path does not resolve to a field of the schema.",
  preset: "recommended",
  presetWhy:
    "A broken /scale: `kubectl scale` and the HorizontalPodAutoscaler read 0 and write to a field that pruning " +
    "removes.",
  phase: "crd",
  messages: {
    selectorNotInSchema:
      '{{field}} "{{path}}" does not resolve in the schema{{versions}}: {{reason}} at {{at}}; /scale reads an empty ' +
      "selector",
    replicasNotInSchema:
      '{{field}} "{{path}}" does not resolve in the schema{{versions}}: {{reason}} at {{at}}; /scale reads 0 replicas',
  },
  docs: {
    why:
      "The apiserver does not check that scale paths exist in the schema. At runtime, pruning drops any data the " +
      "schema does not describe, so `/scale` reads 0 replicas (or an empty selector) and writes to a field that is " +
      "pruned away: `kubectl scale` and the HorizontalPodAutoscaler silently do nothing.",
    fix:
      "Point the path at a property declared in the schema (for example `.spec.replicas` with `type: integer`), or " +
      "declare the property.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/etcd.go",
    fail: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}}\nopenAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer}}}, status: {type: object, properties: {replicas: {type: integer}}}}}\n",
    pass: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}}\nopenAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}}, status: {type: object, properties: {replicas: {type: integer}}}}}\n",
  },
  check(ctx) {
    for (const r of resolvedScalePaths(ctx.crd)) {
      const missing = r.results.filter((x) => x.result.kind === "missing");
      if (missing.length === 0) continue;
      const first = missing[0]!.result;
      if (first.kind !== "missing") continue;
      const affected = missing.flatMap((m) => m.versions);
      ctx.report({
        path: r.path,
        messageId: r.field === "labelSelectorPath" ? "selectorNotInSchema" : "replicasNotInSchema",
        data: {
          field: r.field,
          path: r.value,
          versions: versionsNote(affected, r.versions),
          reason: first.reason,
          at: stepsPrefix(r.steps, first.resolved),
        },
        suggestion: `declare ${stepsPrefix(r.steps, r.steps.length)} in the schema, or point ${r.field} at an existing field`,
      });
    }
  },
});
