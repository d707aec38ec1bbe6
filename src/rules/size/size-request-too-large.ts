/** The CRD's JSON is larger than the apiserver accepts in one request body (3 MiB). */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { bytes, MAX_REQUEST_BODY_BYTES, objectSizes } from "./object-size.js";

export default defineRule({
  id: "size-request-too-large",
  category: "size",
  severity: "error",
  apiserver: true,
  type: "Too long",
  description:
    "The CRD's compact JSON is larger than 3 MiB, the largest request body the apiserver reads: kubectl cannot " +
    "create it, however it is applied.",
  phase: "crd",
  messages: {
    requestEntityTooLargeLimit: "Request entity too large: limit is {{MAX_REQUEST_BODY_BYTES}}",
  },
  docs: {
    why:
      "The apiserver reads at most MaxRequestBodyBytes (3 MiB, 3,145,728 bytes; kubernetes/apiserver " +
      "pkg/server/config.go) of a create, update or patch body and answers a larger one with " +
      "`413 Request Entity Too Large: limit is 3145728` before decoding it. crdlint measures the smallest body " +
      "kubectl sends for the CRD, its compact JSON (what `kubectl create`, `kubectl replace` and " +
      "`kubectl apply --server-side` send; Helm and GitOps tools send JSON too); a client-side `kubectl apply` sends " +
      "about twice that (see lint-last-applied-configuration-too-large). A Go client that sends protobuf sends fewer " +
      "bytes and may still get through. It is the apiserver's own refusal, so `apiserver` is true; the error is not " +
      "a field error (the type `Too long` is the closest field.ErrorType, and the path is the whole object).",
    fix:
      "Split the API into several CRDs, drop descriptions (controller-gen `crd:maxDescLen=0`), serve fewer versions " +
      "with full schemas, or replace large embedded types with `x-kubernetes-preserve-unknown-fields: true`.",
    upstream:
      "kubernetes/apiserver:pkg/server/config.go (MaxRequestBodyBytes), " +
      "kubernetes/apiserver:pkg/endpoints/handlers/rest.go (limitedReadBody)",
    fail: "",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object}}}\n",
  },
  check(ctx) {
    const size = objectSizes(ctx).object;
    if (size <= MAX_REQUEST_BODY_BYTES) return;
    ctx.report({
      path: DualPath.root(),
      messageId: "requestEntityTooLargeLimit",
      data: { MAX_REQUEST_BODY_BYTES },
      detail: `the CRD is ${bytes(size)} bytes as compact JSON, ${bytes(size - MAX_REQUEST_BODY_BYTES)} over the apiserver's request body limit of ${bytes(MAX_REQUEST_BODY_BYTES)}`,
      suggestion:
        "split the API into several CRDs or shrink the schemas (descriptions, x-kubernetes-preserve-unknown-fields on large embedded types)",
    });
  },
});
