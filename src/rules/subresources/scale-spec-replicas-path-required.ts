/** scale.specReplicasPath is empty. */
import { defineRule } from "../define-rule.js";
import { scalePathsOf } from "./scale.js";

export default defineRule({
  id: "scale-spec-replicas-path-required",
  category: "subresources",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "The scale subresource needs specReplicasPath.",
  phase: "crd",
  messages: {
    message: "",
  },
  docs: {
    why:
      "The `/scale` subresource reads and writes the desired replica count at `specReplicasPath`; the apiserver " +
      "rejects a `scale` block without it.",
    fix: "Set `specReplicasPath` to the JSON path of the desired replicas, e.g. `.spec.replicas`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: 'subresources: {scale: {specReplicasPath: "", statusReplicasPath: .status.replicas}}\n',
    pass: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}}\nopenAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}}, status: {type: object, properties: {replicas: {type: integer}, selector: {type: string}}}}}\n",
  },
  check(ctx) {
    for (const { path, value } of scalePathsOf(ctx.crd, "specReplicasPath")) {
      if (value === "") ctx.report({ path, messageId: "message" });
    }
  },
});
