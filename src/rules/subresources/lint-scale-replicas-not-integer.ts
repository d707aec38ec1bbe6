/** A replicas path that lands on a field that is not an integer. */
import { defineRule } from "../define-rule.js";
import { resolvedScalePaths, schemaType } from "./scale-lint.js";
import { versionsNote } from "../../crd/schema-lookup.js";

export default defineRule({
  id: "lint-scale-replicas-not-integer",
  category: "subresources",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "specReplicasPath or statusReplicasPath points at a field whose type is not integer.",
  preset: "recommended",
  presetWhy:
    "A broken /scale: replicas of another type fail or read as 0, and writes through /scale are rejected by the " +
    "schema.",
  phase: "crd",
  messages: {
    notInteger: '{{field}} "{{path}}" points at a field of type {{type}}{{versions}}; /scale needs an integer',
  },
  docs: {
    why:
      "The `/scale` handler reads replicas as an integer (int32 in the Scale object). A field of another type makes " +
      "`/scale` fail or report 0, and writing through `/scale` stores an integer the schema then rejects.",
    fix: "Declare the replicas field as `type: integer` (optionally `format: int32`).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/etcd.go",
    fail: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}}\nopenAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: string}}}, status: {type: object, properties: {replicas: {type: integer}}}}}\n",
    pass: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}}\nopenAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}}, status: {type: object, properties: {replicas: {type: integer}}}}}\n",
  },
  check(ctx) {
    for (const r of resolvedScalePaths(ctx.crd)) {
      if (r.field === "labelSelectorPath") continue;
      const bad = r.results.filter(
        (x) =>
          x.result.kind === "found" && schemaType(x.result.schema) !== "" && schemaType(x.result.schema) !== "integer",
      );
      if (bad.length === 0) continue;
      const res = bad[0]!.result;
      const t = res.kind === "found" ? schemaType(res.schema) : "";
      ctx.report({
        path: r.path,
        messageId: "notInteger",
        data: {
          field: r.field,
          path: r.value,
          type: t,
          versions: versionsNote(
            bad.flatMap((b) => b.versions),
            r.versions,
          ),
        },
        suggestion: "declare the replicas field as `type: integer`",
      });
    }
  },
});
