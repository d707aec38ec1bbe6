/** An established CRD's valid conversion caBundle replaced by one that does not load: rejected on update (A24). */
import { defineRule } from "../define-rule.js";
import { DualPath, FieldPath } from "../../k8s/path.js";
import { isObject } from "../../crd/model.js";
import { caBundleError } from "../../k8s/ca-bundle.js";
import { conversionStrategy } from "./common.js";

export default defineRule({
  id: "revision-conversion-cabundle-invalid",
  category: "revision",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description:
    "The conversion webhook's caBundle does not load, and OLD is Established with a caBundle that did (or none): " +
    "rejected on update (A24).",
  phase: "revision",
  minMinor: 31,
  messages: {},
  docs: {
    why:
      "On create, and while a CRD is not yet Established, the apiserver accepts any caBundle. Once it is " +
      "Established, an update may only keep an invalid caBundle that OLD already had: a valid (or absent) one cannot " +
      "be replaced by one the webhook client cannot load.",
    fix:
      "Put the base64 of the PEM CA certificate that signed the webhook's serving certificate in caBundle, or let " +
      "cert-manager inject it.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (allowInvalidCABundle, " +
      "validateCustomResourceConversion); kubernetes/apiserver:pkg/util/webhook/validation.go (ValidateCABundle); " +
      "kubernetes/client-go:transport/transport.go (createErrorParsingCAData)",
    fail: "old:\n  webhook: {conversionReviewVersions: [v1], clientConfig: {service: {name: conv, namespace: system}}}\nnew:\n  webhook: {conversionReviewVersions: [v1], clientConfig: {service: {name: conv, namespace: system}, caBundle: bm90IGEgY2VydGlmaWNhdGU=}}\n",
    pass: "old:\n  webhook: {conversionReviewVersions: [v1], clientConfig: {service: {name: conv, namespace: system}, caBundle: bm90IGEgY2VydGlmaWNhdGU=}}\nnew:\n  webhook: {conversionReviewVersions: [v1], clientConfig: {service: {name: conv, namespace: system}, caBundle: bm90IGEgY2VydGlmaWNhdGUh}}\n",
  },
  checkRevision(ctx) {
    if (conversionStrategy(ctx.crd) !== "Webhook" || ctx.update.allowInvalidCABundle) return;
    const c = isObject(ctx.crd.spec.conversion) ? ctx.crd.spec.conversion : {};
    const w = isObject(c.webhook) ? c.webhook : {};
    const cc = isObject(w.clientConfig) ? w.clientConfig : null;
    if (!cc || typeof cc.caBundle !== "string" || cc.caBundle === "") return;
    const error = caBundleError(cc.caBundle);
    if (error === null) return;
    ctx.report({
      path: new DualPath(
        FieldPath.root("spec", "conversion", "webhook", "clientConfig", "caBundle"),
        FieldPath.root("spec", "conversion", "webhookClientConfig", "caBundle"),
      ),
      effect: "rejected",
      message: error,
      value: cc.caBundle,
      ...(ctx.update.established.source === "assumed" ? { assumes: ["established"] as const } : {}),
    });
  },
});
