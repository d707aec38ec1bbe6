/** The CRD is certainly larger than etcd's default request limit (1.5 MiB): the apiserver cannot store it. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import {
  bytes,
  ETCD_MAX_REQUEST_BYTES,
  MAX_REQUEST_BODY_BYTES,
  objectSizes,
  storedBytesLowerBound,
} from "./object-size.js";

export default defineRule({
  id: "size-etcd-object-too-large",
  category: "size",
  severity: "error",
  apiserver: false,
  type: null,
  description:
    "The CRD takes more than 1.5 MiB in etcd (counting only what is certainly stored): with etcd's default " +
    "--max-request-bytes, the apiserver cannot store it.",
  preset: "apiserver",
  presetWhy:
    "The create fails on a default cluster (`etcdserver: request is too large`): a rejection by the control plane, " +
    "though by etcd's limit rather than the apiserver's validation.",
  phase: "crd",
  messages: {
    tooLarge:
      "the CRD takes at least {{size}} bytes in etcd, over etcd's default request limit of {{limit}}: the create " +
      'fails with "etcdserver: request is too large"',
  },
  docs: {
    why:
      "etcd refuses a write larger than its `--max-request-bytes` (1.5 MiB, 1,572,864 bytes, by default), and the " +
      "apiserver's create fails with `etcdserver: request is too large`. The limit belongs to the etcd the cluster " +
      "runs, not to the apiserver's validation, and managed Kubernetes services may set it differently, so " +
      "`apiserver` is false; it is still an error on a default cluster. The apiserver stores a CRD as protobuf, " +
      "where field names shrink to tags but every string, every map key (property names, annotations) and every raw " +
      "JSON value is kept: crdlint adds up only those bytes, a lower bound of the stored size, so it reports only " +
      "CRDs that are too large for certain (status and managedFields come on top). CRDs over 3 MiB are reported by " +
      "size-request-too-large instead.",
    fix:
      "Split the API into several CRDs, drop descriptions (controller-gen `crd:maxDescLen=0`), or replace large " +
      "embedded types with `x-kubernetes-preserve-unknown-fields: true`.",
    upstream:
      "etcd-io/etcd:server/embed/config.go (DefaultMaxRequestBytes), kubernetes/apiextensions-apiserver (CRDs stored " +
      "as protobuf)",
    fail: "",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object}}}\n",
  },
  check(ctx) {
    // A body the apiserver does not read never reaches etcd; the stored strings never exceed the JSON that carries them.
    const json = objectSizes(ctx).object;
    if (json > MAX_REQUEST_BODY_BYTES || json <= ETCD_MAX_REQUEST_BYTES) return;
    const stored = storedBytesLowerBound(ctx.crd.raw);
    if (stored <= ETCD_MAX_REQUEST_BYTES) return;
    ctx.report({
      path: DualPath.root(),
      messageId: "tooLarge",
      data: { size: bytes(stored), limit: bytes(ETCD_MAX_REQUEST_BYTES) },
      detail: `${bytes(stored)} bytes are its strings and map keys alone, which protobuf stores verbatim; its compact JSON is ${bytes(json)} bytes`,
      suggestion:
        "split the API into several CRDs or shrink the schemas (descriptions, x-kubernetes-preserve-unknown-fields on large embedded types)",
    });
  },
});
