/** The printer columns the apiserver validates (hoisted `spec.additionalPrinterColumns` or per version) and their paths. */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (ValidateCustomResourceColumnDefinition)
import { isObject, type CrdView, type JsonObject, type VersionView } from "../../crd/model.js";
import type { DualPath } from "../../k8s/path.js";
import type { LookupStep } from "../../crd/schema-lookup.js";
import { parsePrinterColumnJsonPath } from "../../k8s/jsonpath.js";

export interface ColumnEntry {
  col: JsonObject;
  /** `<COL>[j]`. */
  path: DualPath;
  index: number;
  /** All columns of the same scope, in order. */
  siblings: JsonObject[];
  versions: VersionView[];
}

/** Every column the apiserver validates, once per hoisting scope. */
export function columnEntries(crd: CrdView): ColumnEntry[] {
  const out: ColumnEntry[] = [];
  for (const scope of crd.printerColumns.scopes) {
    const list = scope.value;
    if (!Array.isArray(list)) continue;
    const siblings = list.map((c) => (isObject(c) ? c : {}));
    list.forEach((c, index) => {
      if (!isObject(c)) return;
      out.push({ col: c, path: scope.path.index(index), index, siblings, versions: scope.versions });
    });
  }
  return out;
}

/** A string field as the decoded Go struct holds it: "" when absent or null, null when not a string (decoding fails). */
export function columnString(
  col: JsonObject,
  key: "name" | "type" | "format" | "jsonPath" | "description",
): string | null {
  const v = col[key];
  if (v === undefined || v === null) return "";
  return typeof v === "string" ? v : null;
}

/** printerColumnDatatypes, sorted as the apiserver lists them. */
export const COLUMN_TYPES: readonly string[] = ["boolean", "date", "integer", "number", "string"];
/** customResourceColumnDefinitionFormats, sorted as the apiserver lists them. */
export const COLUMN_FORMATS: readonly string[] = [
  "byte",
  "date",
  "date-time",
  "double",
  "float",
  "int32",
  "int64",
  "password",
];

export const TYPE_MESSAGE = `must be one of ${COLUMN_TYPES.join(",")}`;
export const FORMAT_MESSAGE = `must be one of ${COLUMN_FORMATS.join(",")}`;

/** A jsonPath the apiserver accepts: non-empty and starting with '.'. */
export function acceptedJsonPath(col: JsonObject): string | null {
  const p = columnString(col, "jsonPath");
  return p && p[0] === "." ? p : null;
}

/**
 * The lookup steps of a simple column path (fields, list indices/slices/filters), or null when the path uses
 * anything else (wildcards, unions, recursive descent, literals) or does not parse: crdlint then says nothing
 * about where it lands.
 */
export function columnSteps(jsonPath: string): LookupStep[] | null {
  const parsed = parsePrinterColumnJsonPath(jsonPath);
  if (!parsed.ok) return null;
  const nodes = parsed.root.nodes;
  if (nodes.length !== 1 || nodes[0]!.kind !== "list") return null;
  const steps: LookupStep[] = [];
  for (const n of nodes[0]!.nodes) {
    if (n.kind === "field" && n.name !== "") steps.push({ kind: "field", name: n.name });
    else if (n.kind === "array" || n.kind === "filter") steps.push({ kind: "item" });
    else return null;
  }
  return steps.length > 0 ? steps : null;
}
