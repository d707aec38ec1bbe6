/**
 * An apiextensions.k8s.io/v1beta1 CRD as the apiserver holds it and serves it in v1: v1beta1 defaulting, then the
 * conversion to v1, which copies the CRD-wide schema, subresources, printer columns and selectable fields into every
 * version. A revision written in v1beta1 (a git ref from before a project moved to v1) is compared in this form, as the
 * cluster's copy of it is; without it the CRD-wide fields read as absent and every version seems to gain them.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1beta1/defaults.go (SetDefaults_CustomResourceDefinitionSpec)
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/conversion.go (Convert_apiextensions_CustomResourceDefinitionSpec_To_v1_CustomResourceDefinitionSpec)
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1beta1/conversion.go (webhookClientConfig, conversionReviewVersions)
import { isObject, type JsonObject } from "./model.js";

const V1BETA1 = "apiextensions.k8s.io/v1beta1";

/** A printer column of v1beta1 names its path `JSONPath`; v1 names it `jsonPath`. */
function v1Column(column: unknown): unknown {
  if (!isObject(column) || !("JSONPath" in column)) return column;
  const { JSONPath, ...rest } = column;
  return { ...rest, jsonPath: JSONPath };
}

/** OLD as v1 when it is written in v1beta1; any other CRD is returned as it is. Tolerates wrong shapes (left as they are). */
export function servedAsV1(raw: JsonObject): JsonObject {
  if (raw.apiVersion !== V1BETA1 || !isObject(raw.spec)) return raw;
  const { version, validation, subresources, additionalPrinterColumns, selectableFields, ...spec } = raw.spec;
  let versions: unknown[] = Array.isArray(spec.versions) ? spec.versions : [];
  // No list of versions: the deprecated `version` field names the one version, served and stored.
  if (versions.length === 0 && typeof version === "string" && version !== "")
    versions = [{ name: version, served: true, storage: true }];
  versions = versions.map((v) => {
    if (!isObject(v)) return v;
    const out: JsonObject = { ...v };
    if (Array.isArray(out.additionalPrinterColumns))
      out.additionalPrinterColumns = out.additionalPrinterColumns.map(v1Column);
    // The CRD-wide fields replace the version's own (v1beta1 validation allows one or the other, never both).
    if (validation !== undefined && validation !== null) out.schema = validation;
    if (subresources !== undefined && subresources !== null) out.subresources = subresources;
    if (Array.isArray(additionalPrinterColumns)) out.additionalPrinterColumns = additionalPrinterColumns.map(v1Column);
    if (Array.isArray(selectableFields)) out.selectableFields = selectableFields;
    return out;
  });
  const v1: JsonObject = { ...spec, versions };
  // v1beta1 keeps unknown fields unless told otherwise; v1 makes the choice explicit.
  v1.preserveUnknownFields ??= true;
  if (!isObject(v1.conversion)) v1.conversion = { strategy: "None" };
  else {
    const { webhookClientConfig, conversionReviewVersions, ...conversion } = v1.conversion;
    const reviewVersions = conversionReviewVersions ?? (conversion.strategy === "Webhook" ? ["v1beta1"] : undefined);
    if (webhookClientConfig !== undefined || reviewVersions !== undefined)
      conversion.webhook = {
        ...(webhookClientConfig !== undefined ? { clientConfig: webhookClientConfig } : {}),
        ...(reviewVersions !== undefined ? { conversionReviewVersions: reviewVersions } : {}),
      };
    v1.conversion = conversion;
  }
  return { ...raw, apiVersion: "apiextensions.k8s.io/v1", spec: v1 };
}
