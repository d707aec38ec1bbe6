/** scale.statusReplicasPath is empty. */
import { defineRule } from "../define-rule.js";
import { scalePathsOf } from "./scale.js";

export default defineRule({
  id: "scale-status-replicas-path-required",
  category: "subresources",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "The scale subresource needs statusReplicasPath.",
  phase: "crd",
  messages: {
    message: "",
  },
  docs: {
    why:
      "The `/scale` subresource reports the observed replica count from `statusReplicasPath`; the apiserver rejects " +
      "a `scale` block without it.",
    fix: "Set `statusReplicasPath` to the JSON path of the observed replicas, e.g. `.status.replicas`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "subresources: {scale: {specReplicasPath: .spec.replicas}}\n",
    pass: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}}\nopenAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}}, status: {type: object, properties: {replicas: {type: integer}, selector: {type: string}}}}}\n",
  },
  check(ctx) {
    for (const { path, value } of scalePathsOf(ctx.crd, "statusReplicasPath")) {
      if (value === "") ctx.report({ path, messageId: "message" });
    }
  },
});
