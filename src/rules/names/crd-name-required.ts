/** metadata.name and metadata.generateName both empty. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { isObject } from "../../crd/model.js";
import { stringField } from "../../k8s/objectmeta.js";

export default defineRule({
  id: "crd-name-required",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "The CRD has neither metadata.name nor metadata.generateName.",
  phase: "crd",
  messages: {
    nameOrGeneratenameIsRequired: "name or generateName is required",
  },
  docs: {
    why:
      "Every object needs a name. A CRD's name must moreover be exactly `<spec.names.plural>.<spec.group>`, so it " +
      "cannot be left to the apiserver.",
    fix: "Set `metadata.name: <plural>.<group>`, e.g. `widgets.example.com`.",
    upstream: "kubernetes/apimachinery:pkg/api/validation/objectmeta.go (ValidateObjectMetaAccessor)",
    fail: 'metadata: {name: ""}\n',
    pass: "metadata: {name: widgets.example.com}\n",
  },
  check(ctx) {
    const md = isObject(ctx.crd.raw.metadata) ? ctx.crd.raw.metadata : {};
    const name = stringField(md, "name");
    const generateName = stringField(md, "generateName");
    if (name !== "" || generateName !== "") return;
    ctx.report({ path: DualPath.root("metadata", "name"), messageId: "nameOrGeneratenameIsRequired" });
  },
});
