/** The conversion webhook service reference has an empty name/namespace, a bad port or a bad path. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { stringField } from "../../k8s/objectmeta.js";
import { validateWebhookService } from "../../k8s/url.js";
import { conversionOf, serviceOf, urlOf } from "./view.js";

export default defineRule({
  id: "conversion-webhook-service-invalid",
  category: "conversion",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "The conversion webhook service reference has an empty name/namespace, a bad port or a bad path.",
  phase: "crd",
  docs: {
    why:
      "The service needs a name and a namespace, a port in 1..65535 (default 443), and a path made of DNS-subdomain " +
      "segments. Quirk: the CRD validator passes name and namespace to the shared helper in the wrong order, so the " +
      "apiserver reports an empty name at `service.namespace` and an empty namespace at `service.name` (crdlint " +
      "points at the field that is really empty and prints the apiserver's path as apiserverField).",
    fix: "Set both `service.name` and `service.namespace`, a valid `port`, and a lower-case path such as `/convert`.",
    upstream:
      "kubernetes/apiserver:pkg/util/webhook/validation.go (ValidateWebhookService); " +
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceConversion: argument order)",
    fail: "webhook: {conversionReviewVersions: [v1], clientConfig: {service: {name: conv, namespace: ns, port: 0, path: /Convert}}}\n",
    pass: "webhook: {conversionReviewVersions: [v1], clientConfig: {service: {name: conv, namespace: ns, port: 443, path: /convert}}}\n",
  },
  check(ctx) {
    const c = conversionOf(ctx.crd, ctx.memo);
    if (!c || c.strategy !== "Webhook" || !c.clientConfig || urlOf(c.clientConfig) !== undefined) return;
    const svc = serviceOf(c.clientConfig);
    if (!svc) return;
    const name = stringField(svc, "name");
    const namespace = stringField(svc, "namespace");
    const rawPort = svc.port;
    const port = rawPort ?? 443;
    const rawPath = svc.path;
    if (
      name === null ||
      namespace === null ||
      typeof port !== "number" ||
      (rawPath !== undefined && rawPath !== null && typeof rawPath !== "string")
    )
      return;
    const base = c.clientConfigPath.child("service");
    // The apiserver calls ValidateWebhookService(path, name, namespace, ...) whose parameters are (namespace, name).
    for (const e of validateWebhookService(
      name,
      namespace,
      typeof rawPath === "string" ? rawPath : null,
      port,
      ctx.minor,
    )) {
      if (e.sub === "name" || e.sub === "namespace") {
        const really = e.sub === "name" ? "namespace" : "name";
        ctx.report({
          path: new DualPath(base.written.child(really), base.apiserver.child(e.sub)),
          message: e.message,
          type: e.type,
          detail: `service.${really} is empty (the apiserver prints the path of service.${e.sub})`,
        });
      } else ctx.report({ path: e.sub ? base.child(e.sub) : base, message: e.message, type: e.type, value: e.value });
    }
  },
});
