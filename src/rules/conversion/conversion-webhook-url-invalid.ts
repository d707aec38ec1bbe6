/** The conversion webhook URL is not https://host[/path] (scheme, host, user info, query, fragment). */
import { defineRule } from "../define-rule.js";
import { conversionOf, serviceOf, urlOf } from "./view.js";
import { validateWebhookURL } from "../../k8s/url.js";

export default defineRule({
  id: "conversion-webhook-url-invalid",
  category: "conversion",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "The conversion webhook URL is not https://host[/path] (scheme, host, user info, query, fragment).",
  phase: "crd",
  docs: {
    why:
      "The URL is parsed with Go's net/url: it must parse, use the https scheme, name a host, and carry no user " +
      'information, query or fragment. Each problem is its own error; `url: ""` gives both the scheme and the host ' +
      "error.",
    fix: "Use `https://<host>[:port]/<path>`; put parameters into the path, credentials into the TLS setup.",
    upstream: "kubernetes/apiserver:pkg/util/webhook/validation.go (ValidateWebhookURL); golang/go:src/net/url/url.go",
    fail: 'webhook: {conversionReviewVersions: [v1], clientConfig: {url: "http://conv.example.com/convert?x=1"}}\n',
    pass: 'webhook: {conversionReviewVersions: [v1], clientConfig: {url: "https://conv.example.com/convert"}}\n',
  },
  check(ctx) {
    const c = conversionOf(ctx.crd, ctx.memo);
    if (!c || c.strategy !== "Webhook" || !c.clientConfig) return;
    const url = urlOf(c.clientConfig);
    if (typeof url !== "string" || serviceOf(c.clientConfig) !== undefined) return;
    const path = c.clientConfigPath.child("url");
    for (const e of validateWebhookURL(url)) ctx.report({ path, message: e.message, type: e.type, value: e.value });
  },
});
