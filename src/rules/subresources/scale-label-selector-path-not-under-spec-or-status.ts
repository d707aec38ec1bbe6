/** scale.labelSelectorPath is neither under .spec nor under .status. */
import { defineRule } from "../define-rule.js";
import { isSimpleJsonPath, scalePathsOf } from "./scale.js";

export default defineRule({
  id: "scale-label-selector-path-not-under-spec-or-status",
  category: "subresources",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "scale.labelSelectorPath must point under .spec or .status.",
  phase: "crd",
  messages: {
    shouldBeAJsonPath: "should be a json path under either .spec or .status",
  },
  docs: {
    why:
      "When set, `labelSelectorPath` must start with `.spec.` or `.status.`; the apiserver rejects anything else " +
      "(for example `.metadata.labels`). It is only checked when non-empty.",
    fix: "Point `labelSelectorPath` at the serialized selector string your controller writes, usually `.status.selector`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas, labelSelectorPath: .metadata.labels}}\n",
    pass: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas, labelSelectorPath: .status.selector}}\nopenAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}}, status: {type: object, properties: {replicas: {type: integer}, selector: {type: string}}}}}\n",
  },
  check(ctx) {
    for (const { path, value } of scalePathsOf(ctx.crd, "labelSelectorPath")) {
      if (value && isSimpleJsonPath(value) && !value.startsWith(".spec.") && !value.startsWith(".status."))
        ctx.report({ path, messageId: "shouldBeAJsonPath", value });
    }
  },
});
