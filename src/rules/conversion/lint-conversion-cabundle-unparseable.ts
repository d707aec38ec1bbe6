/** The conversion webhook caBundle contains no parseable PEM certificate. */
import { defineRule } from "../define-rule.js";
import { hasCertificate } from "../../k8s/ca-bundle.js";
import { caInjected, conversionOf } from "./view.js";

export default defineRule({
  id: "lint-conversion-cabundle-unparseable",
  category: "conversion",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "The conversion webhook caBundle contains no parseable PEM certificate.",
  preset: "recommended",
  presetWhy:
    "Broken conversion: the TLS client built from the caBundle fails, so every conversion request errors out, and " +
    "from 1.31 later updates of the CRD are rejected.",
  phase: "crd",
  messages: {
    cabundleDoesNotContainA:
      "caBundle does not contain a valid PEM certificate: the apiserver cannot verify the webhook's TLS certificate",
  },
  docs: {
    why:
      "On create (and until the CRD is Established) the apiserver accepts any caBundle, but the TLS client built " +
      "from it fails: conversion requests error out, and later updates of the CRD are rejected (1.31+). A " +
      "placeholder such as `Cg==` (a newline) is ignored by this lint, as is a CRD whose CA is injected by " +
      "cert-manager or OpenShift.",
    fix:
      "Put the base64-encoded PEM of the CA that signed the webhook's serving certificate into caBundle, or let " +
      "cert-manager inject it (`cert-manager.io/inject-ca-from`).",
    upstream:
      "kubernetes/apiserver:pkg/util/webhook/validation.go (ValidateCABundle); " +
      "kubernetes/client-go:transport/transport.go",
    fail: 'webhook: {conversionReviewVersions: [v1], clientConfig: {url: "https://conv.example.com", caBundle: "bm90IGEgY2VydGlmaWNhdGU="}}\n',
    pass: 'webhook: {conversionReviewVersions: [v1], clientConfig: {url: "https://conv.example.com/convert"}}\n',
  },
  check(ctx) {
    const c = conversionOf(ctx.crd, ctx.memo);
    if (!c || c.strategy !== "Webhook" || !c.clientConfig || caInjected(ctx.crd)) return;
    const b64 = c.clientConfig.caBundle;
    if (typeof b64 !== "string" || b64 === "" || !BASE64.test(b64.replace(/\s+/g, ""))) return;
    const text = Buffer.from(b64, "base64").toString("latin1");
    if (text.trim() === "" || hasCertificate(text)) return;
    ctx.report({
      path: c.clientConfigPath.child("caBundle"),
      messageId: "cabundleDoesNotContainA",
    });
  },
});

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
