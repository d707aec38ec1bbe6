/** Generic ObjectMeta validation: labels, annotations, owner references, finalizers. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { isObject } from "../../crd/model.js";
import { validateGenericObjectMeta } from "../../k8s/objectmeta.js";

export default defineRule({
  id: "crd-metadata-invalid",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "Invalid label, annotation key, finalizer or owner reference, or annotations over 256 KiB.",
  phase: "crd",
  docs: {
    why:
      "The CRD's metadata is validated like any Kubernetes object's: label keys and annotation keys must be " +
      "qualified names (`[prefix/]name`), label values at most 63 characters of `[A-Za-z0-9._-]`, finalizers " +
      "qualified names, and all annotations together at most 262144 bytes. Errors are reported at `metadata.labels` " +
      "/ `metadata.annotations` / `metadata.finalizers` with the offending key or value.",
    fix:
      "Rename the offending key (one optional DNS-subdomain prefix, one '/', then a name of alphanumerics, '-', '_' " +
      "and '.'), shorten the value, or move large data out of annotations (`kubectl apply --server-side` avoids the " +
      "last-applied-configuration annotation on big CRDs).",
    upstream:
      "kubernetes/apimachinery:pkg/api/validation/objectmeta.go (ValidateObjectMetaAccessor, ValidateAnnotations, " +
      "ValidateFinalizers, ValidateOwnerReferences); " +
      "kubernetes/apimachinery:pkg/apis/meta/v1/validation/validation.go (ValidateLabels)",
    fail: 'metadata: {name: widgets.example.com, labels: {"bad key!": x}}\n',
    pass: "metadata: {name: widgets.example.com, labels: {app.kubernetes.io/name: widgets}}\n",
  },
  check(ctx) {
    const md = ctx.crd.raw.metadata;
    if (!isObject(md)) return;
    for (const e of validateGenericObjectMeta(md, ctx.minor)) {
      let path = DualPath.root("metadata", e.field);
      if (e.index !== undefined) path = path.index(e.index);
      for (const sub of e.sub ?? []) path = path.child(sub);
      ctx.report({ path, message: e.message, type: e.type, value: e.value });
    }
  },
});
