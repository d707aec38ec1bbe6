/** Rule doc examples: a whole YAML document, or a delta on the catalog's baseline CRD (baseline() below; docs/writing-rules.md, "Metadata"). */
import { parse } from "yaml";
import { isObject, type JsonObject } from "../crd/model.js";

export const BASELINE_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
`;

function baseline(): JsonObject {
  return parse(BASELINE_CRD) as JsonObject;
}

function merge(target: JsonObject, delta: JsonObject): void {
  for (const [k, v] of Object.entries(delta)) {
    if (isObject(v) && isObject(target[k])) merge(target[k] as JsonObject, v);
    else target[k] = v;
  }
}

/**
 * Expands an example to a full CRD object. A document with `kind` is returned as is. Otherwise its keys are
 * applied to the baseline: `openAPIV3Schema` replaces the version's schema; `subresources`,
 * `additionalPrinterColumns`, `selectableFields` go under versions[0]; `webhook` goes under spec.conversion with
 * strategy Webhook; `versions` replaces spec.versions; `spec` and `metadata` are merged.
 */
export function expandExample(text: string): unknown {
  // Read as kubectl reads a manifest (YAML 1.1), so an example cannot rely on `n` or `yes` staying strings.
  const delta = parse(text, { version: "1.1" }) as unknown;
  if (!isObject(delta) || "kind" in delta) return delta;
  const crd = baseline();
  const spec = crd.spec as JsonObject;
  const v0 = (spec.versions as JsonObject[])[0]!;
  for (const [k, v] of Object.entries(delta)) {
    switch (k) {
      case "openAPIV3Schema":
        v0.schema = { openAPIV3Schema: v };
        break;
      case "subresources":
      case "additionalPrinterColumns":
      case "selectableFields":
        v0[k] = v;
        break;
      case "webhook":
        spec.conversion = { strategy: "Webhook", webhook: v };
        break;
      case "versions":
        spec.versions = v;
        break;
      case "spec":
      case "metadata":
        if (isObject(v)) merge(crd[k] as JsonObject, v);
        break;
      default:
        crd[k] = v;
    }
  }
  return crd;
}

/**
 * A revision rule's example: YAML with `old:` and `new:`, each an example as above (a delta on the baseline, `{}`
 * the baseline itself) or null for a side without the CRD. Returns each side's CRD object, or null.
 */
export function expandRevisionExample(text: string): { old: unknown; new: unknown } {
  const both = parse(text, { version: "1.1" }) as unknown;
  if (!isObject(both)) throw new Error("a revision example is a mapping with old: and new:");
  const side = (v: unknown): unknown => (v === null || v === undefined ? null : expandExample(stringifyDelta(v)));
  return { old: side(both.old), new: side(both.new) };
}

function stringifyDelta(v: unknown): string {
  // expandExample reads text; a delta is re-read as the JSON it is (JSON is YAML).
  return JSON.stringify(v);
}
