/** scale.labelSelectorPath does not start with '.'. */
import { defineRule } from "../define-rule.js";
import { isSimpleJsonPath, NOT_JSON_PATH_MESSAGE, notJsonPathDocs, scalePathsOf } from "./scale.js";

export default defineRule({
  id: "scale-label-selector-path-not-json-path",
  category: "subresources",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "scale.labelSelectorPath must be a simple JSON path starting with '.'.",
  phase: "crd",
  messages: {
    notJsonPath: NOT_JSON_PATH_MESSAGE,
  },
  docs: {
    ...notJsonPathDocs(".status.selector"),
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas, labelSelectorPath: status.selector}}\n",
    pass: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas, labelSelectorPath: .status.selector}}\nopenAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}}, status: {type: object, properties: {replicas: {type: integer}, selector: {type: string}}}}}\n",
  },
  check(ctx) {
    for (const { path, value } of scalePathsOf(ctx.crd, "labelSelectorPath")) {
      if (value && !isSimpleJsonPath(value)) ctx.report({ path, messageId: "notJsonPath", value });
    }
  },
});
