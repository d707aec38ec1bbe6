/** Whether a caBundle gives the webhook client a CA: what webhook.ValidateCABundle (transport.TLSConfigFor) accepts. */
// Upstream: kubernetes/apiserver:pkg/util/webhook/validation.go (ValidateCABundle); kubernetes/client-go:transport/transport.go
import { X509Certificate } from "node:crypto";

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)-----END \1-----/g;

/** x509.CertPool.AppendCertsFromPEM: true when at least one CERTIFICATE block (without headers) parses. */
export function hasCertificate(pem: string): boolean {
  for (const m of pem.matchAll(PEM_BLOCK)) {
    if (m[1] !== "CERTIFICATE" || m[2]!.includes(":")) continue;
    try {
      new X509Certificate(Buffer.from(m[2]!.replace(/\s+/g, ""), "base64"));
      return true;
    } catch {
      continue;
    }
  }
  return false;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A caBundle (base64 in the CRD) that is set but holds no certificate the client can load. */
export function caBundleInvalid(b64: string): boolean {
  if (b64 === "") return false;
  if (!BASE64.test(b64.replace(/\s+/g, ""))) return true;
  return !hasCertificate(Buffer.from(b64, "base64").toString("latin1"));
}
