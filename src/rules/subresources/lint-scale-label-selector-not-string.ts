/** labelSelectorPath lands on a field that is not a string. */
import { defineRule } from "../define-rule.js";
import { resolvedScalePaths, schemaType } from "./scale-lint.js";
import { versionsNote } from "../../crd/schema-lookup.js";

export default defineRule({
  id: "lint-scale-label-selector-not-string",
  category: "subresources",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "labelSelectorPath points at a field whose type is not string.",
  preset: "recommended",
  presetWhy:
    "A broken /scale: the HorizontalPodAutoscaler cannot find the pods through a selector that is not the serialized " +
    "string.",
  phase: "crd",
  messages: {
    notString:
      'labelSelectorPath "{{path}}" points at a field of type {{type}}{{versions}}; /scale needs the serialized ' +
      "selector string",
  },
  docs: {
    why:
      "`/scale` copies the value at `labelSelectorPath` into `status.selector` of the Scale object, which must be " +
      "the serialized label selector string (`app=web,tier=frontend`) for the HorizontalPodAutoscaler to find the " +
      "pods. A structured selector object (matchLabels) is not read.",
    fix:
      "Have the controller write the selector in its string form to a `type: string` field (conventionally " +
      "`.status.selector`) and point `labelSelectorPath` there.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/etcd.go",
    fail: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas, labelSelectorPath: .spec.selector}}\nopenAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}, selector: {type: object, x-kubernetes-preserve-unknown-fields: true}}}, status: {type: object, properties: {replicas: {type: integer}}}}}\n",
    pass: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas, labelSelectorPath: .status.selector}}\nopenAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}}, status: {type: object, properties: {replicas: {type: integer}, selector: {type: string}}}}}\n",
  },
  check(ctx) {
    for (const r of resolvedScalePaths(ctx.crd)) {
      if (r.field !== "labelSelectorPath") continue;
      const bad = r.results.filter(
        (x) =>
          x.result.kind === "found" && schemaType(x.result.schema) !== "" && schemaType(x.result.schema) !== "string",
      );
      if (bad.length === 0) continue;
      const res = bad[0]!.result;
      const t = res.kind === "found" ? schemaType(res.schema) : "";
      ctx.report({
        path: r.path,
        messageId: "notString",
        data: {
          path: r.value,
          type: t,
          versions: versionsNote(
            bad.flatMap((b) => b.versions),
            r.versions,
          ),
        },
        suggestion:
          "point labelSelectorPath at a `type: string` field holding the selector in string form, e.g. `.status.selector`",
      });
    }
  },
});
