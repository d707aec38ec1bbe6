/** scale.statusReplicasPath does not start with '.'. */
import { defineRule } from "../define-rule.js";
import { isSimpleJsonPath, NOT_JSON_PATH_MESSAGE, notJsonPathDocs, scalePathsOf } from "./scale.js";

export default defineRule({
  id: "scale-status-replicas-path-not-json-path",
  category: "subresources",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "scale.statusReplicasPath must be a simple JSON path starting with '.'.",
  phase: "crd",
  messages: {
    notJsonPath: NOT_JSON_PATH_MESSAGE,
  },
  docs: {
    ...notJsonPathDocs(".status.replicas"),
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: status.replicas}}\n",
    pass: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}}\nopenAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}}, status: {type: object, properties: {replicas: {type: integer}, selector: {type: string}}}}}\n",
  },
  check(ctx) {
    for (const { path, value } of scalePathsOf(ctx.crd, "statusReplicasPath")) {
      if (value && !isSimpleJsonPath(value)) ctx.report({ path, messageId: "notJsonPath", value });
    }
  },
});
