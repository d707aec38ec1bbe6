/**
 * spec.conversion as the apiserver validates it: v1 defaulting (absent → strategy None; service.port → 443) and the
 * v1 → internal renaming (webhook.clientConfig → webhookClientConfig, webhook.conversionReviewVersions →
 * conversionReviewVersions), with the written and the apiserver paths of each field.
 */
import { DualPath, FieldPath } from "../../k8s/path.js";
import { isObject, type CrdView, type JsonObject } from "../../crd/model.js";
import { MemoKey, type Memo } from "../../crd/memo.js";

export interface ConversionView {
  raw: JsonObject;
  /** "" when absent (Required); null when of a wrong JSON type. */
  strategy: string | null;
  webhook: JsonObject | null;
  clientConfig: JsonObject | null;
  /** The list, [] when absent/null, null when of a wrong type. */
  reviewVersions: unknown[] | null;
  strategyPath: DualPath;
  clientConfigPath: DualPath;
  reviewVersionsPath: DualPath;
}

const KEY = new MemoKey<ConversionView | null>("crdlint.conversion");

/** null when spec.conversion is absent (defaulted to strategy None: nothing to validate). */
export function conversionOf(crd: CrdView, memo: Memo): ConversionView | null {
  return memo.compute(KEY, () => buildConversionView(crd));
}

function buildConversionView(crd: CrdView): ConversionView | null {
  let view: ConversionView | null = null;
  const raw = crd.spec.conversion;
  if (isObject(raw)) {
    const s = raw.strategy;
    const webhook = isObject(raw.webhook) ? raw.webhook : null;
    const clientConfig = webhook && isObject(webhook.clientConfig) ? webhook.clientConfig : null;
    const rv = webhook ? webhook.conversionReviewVersions : undefined;
    view = {
      raw,
      strategy: s === undefined || s === null ? "" : typeof s === "string" ? s : null,
      webhook,
      clientConfig,
      reviewVersions: rv === undefined || rv === null ? [] : Array.isArray(rv) ? rv : null,
      strategyPath: DualPath.root("spec", "conversion", "strategy"),
      clientConfigPath: new DualPath(
        FieldPath.root("spec", "conversion", "webhook", "clientConfig"),
        FieldPath.root("spec", "conversion", "webhookClientConfig"),
      ),
      reviewVersionsPath: new DualPath(
        FieldPath.root("spec", "conversion", "webhook", "conversionReviewVersions"),
        FieldPath.root("spec", "conversion", "conversionReviewVersions"),
      ),
    };
  }
  return view;
}

/** One entry of conversionReviewVersions, with its path; `repeated` when an earlier entry has the same value. */
export interface ReviewVersionEntry {
  path: DualPath;
  value: string;
  repeated: boolean;
}

/**
 * The entries of a Webhook conversion's conversionReviewVersions as validateConversionReviewVersions sees them
 * (non-strings fail decoding and are skipped); none for another strategy or a list of a wrong type.
 */
export function webhookReviewVersions(crd: CrdView, memo: Memo): ReviewVersionEntry[] {
  const c = conversionOf(crd, memo);
  if (!c || c.strategy !== "Webhook" || !c.reviewVersions) return [];
  const seen = new Set<string>();
  const out: ReviewVersionEntry[] = [];
  c.reviewVersions.forEach((value, index) => {
    if (typeof value !== "string") return;
    out.push({ path: c.reviewVersionsPath.index(index), value, repeated: seen.has(value) });
    seen.add(value);
  });
  return out;
}

/** url is a *string: present (even "") unless absent or null. */
export function urlOf(cc: JsonObject): string | null | undefined {
  const u = cc.url;
  if (u === undefined || u === null) return undefined;
  return typeof u === "string" ? u : null;
}

export function serviceOf(cc: JsonObject): JsonObject | null | undefined {
  const s = cc.service;
  if (s === undefined || s === null) return undefined;
  return isObject(s) ? s : null;
}

/** Annotations of CA injectors that fill caBundle after the CRD is created. */
export function caInjected(crd: CrdView): boolean {
  const md = crd.raw.metadata;
  if (!isObject(md) || !isObject(md.annotations)) return false;
  const a = md.annotations;
  return (
    a["cert-manager.io/inject-ca-from"] !== undefined ||
    a["cert-manager.io/inject-ca-from-secret"] !== undefined ||
    a["cert-manager.io/inject-apiserver-ca"] !== undefined ||
    a["service.beta.openshift.io/inject-cabundle"] !== undefined
  );
}
