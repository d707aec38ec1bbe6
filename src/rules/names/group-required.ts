/** spec.group must be set. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { stringField } from "../../k8s/objectmeta.js";

export default defineRule({
  id: "group-required",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "spec.group is empty.",
  phase: "crd",
  messages: {
    message: "",
  },
  docs: {
    why:
      "The API group is part of every custom resource's apiVersion (`<group>/<version>`) and of the CRD name; it " +
      "cannot be empty (the empty core group is reserved for built-in types).",
    fix: "Set spec.group to a domain you own, e.g. `example.com`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpec)",
    fail: 'spec: {group: ""}\n',
    pass: "spec: {group: example.com}\n",
  },
  check(ctx) {
    if (stringField(ctx.crd.spec, "group") !== "") return;
    ctx.report({ path: DualPath.root("spec", "group"), messageId: "message" });
  },
});
