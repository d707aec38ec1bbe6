/** scale.specReplicasPath is not under .spec. */
import { defineRule } from "../define-rule.js";
import { isSimpleJsonPath, scalePathsOf } from "./scale.js";

export default defineRule({
  id: "scale-spec-replicas-path-not-under-spec",
  category: "subresources",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "scale.specReplicasPath must point under .spec.",
  phase: "crd",
  messages: {
    shouldBeAJsonPath: "should be a json path under .spec",
  },
  docs: {
    why:
      "The desired replica count is part of the user's intent, so the apiserver requires `specReplicasPath` to start " +
      "with `.spec.` (`.spec` alone is rejected too).",
    fix: "Point `specReplicasPath` at a field under `.spec`, e.g. `.spec.replicas`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "subresources: {scale: {specReplicasPath: .replicas, statusReplicasPath: .status.replicas}}\n",
    pass: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}}\nopenAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}}, status: {type: object, properties: {replicas: {type: integer}, selector: {type: string}}}}}\n",
  },
  check(ctx) {
    for (const { path, value } of scalePathsOf(ctx.crd, "specReplicasPath")) {
      if (value && isSimpleJsonPath(value) && !value.startsWith(".spec."))
        ctx.report({ path, messageId: "shouldBeAJsonPath", value });
    }
  },
});
