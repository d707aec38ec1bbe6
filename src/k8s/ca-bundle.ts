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

/**
 * The error transport.TLSConfigFor gives for a caBundle without a usable certificate (createErrorParsingCAData), or
 * null when the bundle loads. A certificate block that does not parse is reported with Go's commonest x509 text.
 */
export function caBundleError(b64: string): string | null {
  if (b64 === "") return null;
  const pem = Buffer.from(b64.replace(/\s+/g, ""), "base64").toString("latin1");
  if (hasCertificate(pem)) return null;
  const prefix = "unable to load root certificates: ";
  let rest = pem;
  for (;;) {
    const m = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)-----END \1-----\r?\n?/.exec(rest);
    if (!m)
      return rest.length > 0 || pem.length === 0
        ? `${prefix}unable to parse bytes as PEM block`
        : `${prefix}no valid certificate authority data seen`;
    if (m[1] === "CERTIFICATE" && !m[2]!.includes(":"))
      return `${prefix}failed to parse certificate: x509: malformed certificate`;
    rest = rest.slice(m.index + m[0].length);
    if (rest.trim() === "") return `${prefix}no valid certificate authority data seen`;
  }
}
