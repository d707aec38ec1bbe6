/** scale.statusReplicasPath is not under .status. */
import { defineRule } from "../define-rule.js";
import { isSimpleJsonPath, scalePathsOf } from "./scale.js";

export default defineRule({
  id: "scale-status-replicas-path-not-under-status",
  category: "subresources",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "scale.statusReplicasPath must point under .status.",
  phase: "crd",
  messages: {
    shouldBeAJsonPath: "should be a json path under .status",
  },
  docs: {
    why:
      "The observed replica count is reported by the controller, so the apiserver requires `statusReplicasPath` to " +
      "start with `.status.` (`.status` alone is rejected too).",
    fix: "Point `statusReplicasPath` at a field under `.status`, e.g. `.status.replicas`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .spec.replicas}}\n",
    pass: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}}\nopenAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}}, status: {type: object, properties: {replicas: {type: integer}, selector: {type: string}}}}}\n",
  },
  check(ctx) {
    for (const { path, value } of scalePathsOf(ctx.crd, "statusReplicasPath")) {
      if (value && isSimpleJsonPath(value) && !value.startsWith(".status."))
        ctx.report({ path, messageId: "shouldBeAJsonPath", value });
    }
  },
});
